// A browser window for the signals (on the server, with no window, they subscribe to nothing).
// fetch, Request and Response stay Node's: the in-process browser must read Set-Cookie.
import { Window } from "happy-dom";

const dom = new Window({ url: "http://localhost:3000" });
Object.assign(globalThis, {
  window: dom,
  document: dom.document,
  navigator: dom.navigator,
  Element: dom.Element,
  HTMLElement: dom.HTMLElement,
  SVGElement: dom.SVGElement,
  MathMLElement: dom.HTMLElement,
  Node: dom.Node,
  Text: dom.Text,
  Comment: dom.Comment,
});
