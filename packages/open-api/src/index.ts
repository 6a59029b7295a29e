/** @gatehouse/open-api */
export {};
