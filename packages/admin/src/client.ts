/** @gatehouse/admin/client */
export {};
