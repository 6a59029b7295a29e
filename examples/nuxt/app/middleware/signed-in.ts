// For pages with `definePageMeta({ middleware: "signed-in" })`: signed-out visitors go to the sign-in
// page. On the server (the first page load) this is a 302 before anything renders.
export default defineNuxtRouteMiddleware(async () => {
  const { user } = await useRequestFetch()("/api/session");
  if (!user) return navigateTo("/sign-in");
});
