// A gate in a rounded square, drawn inline so the page needs no request for its icon (offline, SPEC.md §2).
// btoa, not Buffer: the page must render on edge runtimes too.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#4f46e5"/>' +
  '<path d="M8 25V13a8 8 0 0 1 16 0v12" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>' +
  '<path d="M12.5 25v-9M16 25v-11M19.5 25v-9" stroke="#c7d2fe" stroke-width="2" stroke-linecap="round"/>' +
  "</svg>";

/** The reference page's favicon as a `data:image/svg+xml` URI. */
export const FAVICON_DATA_URI = `data:image/svg+xml;base64,${btoa(SVG)}`;
