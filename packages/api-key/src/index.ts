/** @gatehouse/api-key */
export {};
