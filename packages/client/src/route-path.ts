/** `createTeam` → `create-team`. */
export function toKebab(segment: string): string {
  return segment.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** SPEC.md §7 client rule: `organization.createTeam` → `/organization/create-team`. */
export function pathFor(segments: readonly string[]): string {
  return `/${segments.map(toKebab).join("/")}`;
}
