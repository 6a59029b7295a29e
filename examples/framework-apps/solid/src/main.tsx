import { render } from "solid-js/web";
import { App } from "./App.js";

render(() => <App />, document.getElementById("app") as HTMLElement);
