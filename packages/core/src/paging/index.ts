export { findPage } from "./find-page.js";
export type { Page, PageSpec } from "./find-page.js";
export { decodePageCursor, encodePageCursor } from "./page-cursor.js";
export type { CursorBinding, CursorPosition, CursorValue } from "./page-cursor.js";
export { clampPageLimit, pageQuery } from "./page-query.js";
export type { PageLimits } from "./page-query.js";
export { NEXT_CURSOR_HEADER } from "./next-cursor-header.js";
