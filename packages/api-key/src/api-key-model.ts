/** The model name of the `apikey` table, as the schema and every query name it. */
export const API_KEY_MODEL = "apikey";
