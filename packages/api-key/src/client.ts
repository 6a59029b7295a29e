/** @gatehouse/api-key/client */
export {};
