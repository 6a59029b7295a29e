/** @gatehouse/admin */
export {};
