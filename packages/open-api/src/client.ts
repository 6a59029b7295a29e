/** @gatehouse/open-api/client */
export {};
