/**
 * Tells the other tabs' stores on `channel` to refetch. Every BroadcastChannel object of that name
 * receives a message except the one that sent it, so it goes out through this store's own listener
 * when there is one: a separate sender would make this tab refetch a second time.
 */
export function tellOtherTabs(channel: string, listening: BroadcastChannel | null): void {
  if (listening) {
    listening.postMessage("changed");
    return;
  }
  if (typeof BroadcastChannel === "undefined") return;
  const sender = new BroadcastChannel(channel);
  sender.postMessage("changed");
  sender.close();
}
