/** Props of {@link SortHeader}. */
export interface SortHeaderProps {
  label: string;
  field: string;
  sortBy: string;
  direction: "asc" | "desc";
  onSort: (field: string, direction: "asc" | "desc") => void;
}

/** A column header that sorts the table; aria-sort tells screen readers the current order. */
export function SortHeader({ label, field, sortBy, direction, onSort }: SortHeaderProps) {
  const active = sortBy === field;
  const next = active && direction === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" className="sort" onClick={() => onSort(field, next)}>
        {label}
        <span aria-hidden="true" className="sort-mark">
          {active ? (direction === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}
