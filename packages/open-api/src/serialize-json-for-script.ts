/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` become `\u003c`…, so
 * no string in the document (a summary containing `</script>`, `<!--`) can end or alter the element,
 * and U+2028/U+2029 are escaped for older JavaScript parsers. JSON.parse reads it back unchanged.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
