// Single-file Vue components, as tsc sees them (Svelte ships its own `*.svelte` declaration).
declare module "*.vue" {
  import type { DefineComponent } from "vue";
  const component: DefineComponent;
  export default component;
}
