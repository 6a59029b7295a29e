/**
 * Imports an optional database driver (a peer dependency) and returns its default export. When it is
 * not installed, the error names the package to install instead of a bare ERR_MODULE_NOT_FOUND.
 */
export async function importDriver<T>(name: string, database: string): Promise<T> {
  let mod: { default?: unknown };
  try {
    mod = (await import(name)) as { default?: unknown };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // Only this package missing, not a package it imports in turn.
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String(error).includes(`'${name}'`)) {
      throw new Error(`${database} needs the "${name}" package: npm install ${name}`);
    }
    throw error;
  }
  return (mod.default ?? mod) as T;
}
