import { HELD_MODULE_PRELOAD_ATTRIBUTE, HELD_MODULE_SCRIPT_ATTRIBUTE } from "~/lib/page-handle";

/**
 * The loader of a page whose module script and preloads the server held back (platform/held-module-script.server.ts):
 * at the visitor's first touch, key, focus, scroll or pointer move, it turns the links back into module preloads (the
 * modules are fetched in parallel, not one import after the other) and runs a copy of the script with its nonce,
 * which imports them and hydrates the page. Until then nothing is fetched or run, so a slow phone shows and scrolls
 * the form at once, and the form itself works as plain HTML (decision record 59).
 */
const LOADER = `(function () {
  var events = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "scroll", "wheel"];
  function start() {
    events.forEach(function (type) { removeEventListener(type, start, true); });
    document.querySelectorAll("link[${HELD_MODULE_PRELOAD_ATTRIBUTE}]").forEach(function (link) {
      link.removeAttribute("${HELD_MODULE_PRELOAD_ATTRIBUTE}");
      link.rel = "modulepreload";
    });
    var held = document.querySelector("script[${HELD_MODULE_SCRIPT_ATTRIBUTE}]");
    if (!held) return;
    held.removeAttribute("${HELD_MODULE_SCRIPT_ATTRIBUTE}");
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = held.nonce;
    script.textContent = held.textContent;
    document.head.appendChild(script);
  }
  events.forEach(function (type) { addEventListener(type, start, { capture: true, passive: true }); });
})();`;

/**
 * Until hydration a form is sent by the browser: a second tap on its button would send it again. This guard runs from
 * the top of the head, before the stylesheet, so it is in place before any form exists, however the page arrives.
 */
const SUBMIT_ONCE_UNTIL_HYDRATED = `(function () {
  var sent = new WeakSet();
  addEventListener("submit", function (event) {
    if (document.documentElement.dataset.hydrated) return;
    if (sent.has(event.target)) event.preventDefault();
    else sent.add(event.target);
  }, true);
  addEventListener("pageshow", function (event) { if (event.persisted) sent = new WeakSet(); });
})();`;

export function HydrateOnInteraction({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOADER }} />;
}

export function SubmitOnceUntilHydrated({ nonce }: { nonce: string | undefined }) {
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SUBMIT_ONCE_UNTIL_HYDRATED }} />
  );
}
