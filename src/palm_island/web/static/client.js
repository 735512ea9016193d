/**
 * Palm Island's browser client: one xterm.js terminal joined to the game on the
 * server by textual-serve's websocket protocol.
 *
 * Why our own and not textual-serve's page script: that script (textual-serve
 * 1.1.3, static/js/textual.js) always loads xterm's WebGL and canvas renderers, and
 * with either one the canvas's backing store stays at 1x while it draws at the
 * device pixel ratio: at ratio 2 a quarter of the game shows, at ratio 3 (phones)
 * nothing. It has no setting to choose the renderer (docs/serve.md).
 *
 * The renderer, chosen on purpose: xterm's own DOM renderer (no renderer addon is
 * loaded). It lays out text as the browser lays out any text, in CSS pixels, so it
 * is sharp and in the right place at every pixel ratio, follows zoom, and needs no
 * WebGL (which a phone may lose, and headless browsers emulate in software). Its
 * cost is speed on large, fast-changing screens; a card game redraws a few rows per
 * move (benchmarks/web.py measures it).
 *
 * The key: the printed address carries it in its fragment (#token=KEY; an old
 * address in its query, ?token=KEY). The page keeps it in sessionStorage, which
 * belongs to this origin alone (scheme, host and port: no page of another port
 * reads it) and to this tab, takes it out of the address bar, and hands it to its
 * websocket as a subprotocol ("palm-island.key." and the key in base64url, offered
 * beside "palm-island", the one the server echoes). Nothing the browser sends by
 * itself (no cookie) carries it. Without a key the page says to open the printed
 * address and opens no socket.
 *
 * Protocol (textual-serve's server.py): the socket is beside the page (its path
 * and "ws": /ws, or /palm/ws behind a proxy), with ?width=&height= in cells. The browser sends JSON text frames
 * ["stdin", text], ["resize", {width, height}], ["ping", x], ["focus"], ["blur"];
 * the server sends binary frames (the game's terminal output) and JSON text frames
 * ["pong", x], ["open_url", {url, new_tab}], ["deliver_file_start", key].
 *
 * Query options: ?fontsize=N (CSS px; otherwise 16, smaller on a narrow screen
 * but never below 12), ?expose-terminal (tests read window.palmIslandTerminal).
 */
"use strict";

(() => {
  const WIDE_FONT_PX = 16;
  const SMALLEST_FONT_PX = 12; // the least that reads well on a phone
  const WANTED_COLUMNS = 80; // the game's full layout
  const CELL_WIDTH_EM = 0.6; // Roboto Mono's advance width
  const FONT_FAMILY = "'Roboto Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace";

  const params = new URLSearchParams(location.search);
  const KEY_ITEM = "palm-island.key";
  const PROTOCOL = "palm-island";

  /**
   * The access key: from the address (then kept, and taken out of the address
   * bar), else the one kept for this tab; null when there is none.
   * @returns {string | null}
   */
  function takeKey() {
    const url = new URL(location.href);
    const fragment = new URLSearchParams(url.hash.slice(1));
    const key = fragment.get("token") ?? url.searchParams.get("token");
    if (key === null || key === "") {
      try {
        return sessionStorage.getItem(KEY_ITEM);
      } catch {
        return null; // storage switched off: the printed address works each time
      }
    }
    try {
      sessionStorage.setItem(KEY_ITEM, key);
    } catch {
      // storage switched off: this load still plays; a reload needs the address
    }
    fragment.delete("token");
    if (url.searchParams.has("token")) url.searchParams.delete("token");
    url.hash = fragment.toString();
    history.replaceState(history.state, "", url.href);
    return key;
  }

  /**
   * The subprotocol that carries the key (base64url of its UTF-8, no padding).
   * @param {string} key
   * @returns {string}
   */
  function keyProtocol(key) {
    const bytes = new TextEncoder().encode(key);
    const base64 = btoa(String.fromCharCode(...bytes));
    return `${PROTOCOL}.key.${base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
  }

  /**
   * The font size in CSS px: the one asked for, else the largest from 16 down to 12
   * that fits 80 columns in `width` (a phone gets 12: about 54 columns at 390 px).
   * @param {number} width the terminal's box width in CSS px
   * @returns {number}
   */
  function fontSizeFor(width) {
    const asked = Number.parseInt(params.get("fontsize") ?? "", 10);
    if (Number.isFinite(asked)) return Math.min(Math.max(asked, 6), 64);
    const fits = Math.floor(width / (WANTED_COLUMNS * CELL_WIDTH_EM));
    return Math.min(WIDE_FONT_PX, Math.max(SMALLEST_FONT_PX, fits));
  }

  /**
   * The game's websocket: beside this page ("ws" relative to it, so it works under
   * a proxy's path too), the first size in cells.
   * @param {number} cols
   * @param {number} rows
   * @returns {string}
   */
  function socketUrl(cols, rows) {
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.search = new URLSearchParams({ width: String(cols), height: String(rows) }).toString();
    return url.href;
  }

  /**
   * Opens a link the game asks for (http and https only, in a new tab unless asked
   * otherwise, without giving the new page a handle on this one).
   * @param {unknown} data
   */
  function openUrl(data) {
    if (typeof data !== "object" || data === null) return;
    const { url, new_tab: newTab } = /** @type {{url?: unknown, new_tab?: unknown}} */ (data);
    if (typeof url !== "string") return;
    let target;
    try {
      target = new URL(url, location.href);
    } catch {
      return;
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") return;
    window.open(target.href, newTab === false ? "_self" : "_blank", "noopener");
  }

  async function start() {
    const host = /** @type {HTMLElement} */ (document.getElementById("terminal"));
    const body = document.body;
    const key = takeKey();
    if (key === null) {
      body.classList.add("-no-key");
      return;
    }
    // Measure cells with the real font, not a fallback that is swapped later.
    await Promise.all([
      document.fonts.load(`${WIDE_FONT_PX}px 'Roboto Mono'`),
      document.fonts.load(`italic ${WIDE_FONT_PX}px 'Roboto Mono'`),
    ]).catch(() => undefined);

    const terminal = new Terminal({
      allowProposedApi: true, // terminal.unicode (Unicode 11 widths, as Textual counts)
      fontFamily: FONT_FAMILY,
      fontSize: fontSizeFor(host.clientWidth),
      scrollback: 0,
      // The game's own background (Textual's default dark theme), for the sliver past
      // the last whole cell.
      theme: { background: "#121212" },
    });
    const fit = new FitAddon.FitAddon();
    terminal.loadAddon(fit);
    terminal.loadAddon(new Unicode11Addon.Unicode11Addon());
    terminal.unicode.activeVersion = "11";
    terminal.open(host);
    fit.fit();
    if (params.has("expose-terminal")) {
      /** @type {any} */ (window).palmIslandTerminal = terminal;
    }

    const socket = new WebSocket(socketUrl(terminal.cols, terminal.rows), [
      PROTOCOL,
      keyProtocol(key),
    ]);
    socket.binaryType = "arraybuffer";

    /**
     * Sends one envelope once the socket is open; before (still connecting) or
     * after (closed) there is no game to tell, and the size goes on open anyway.
     * @param {unknown[]} envelope
     */
    function send(envelope) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(envelope));
    }
    const sendSize = () => send(["resize", { width: terminal.cols, height: terminal.rows }]);

    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      performance.mark("palm-island:socket-open");
      body.classList.add("-connected");
      sendSize();
    });
    socket.addEventListener("close", () => body.classList.add(opened ? "-closed" : "-refused"));
    let firstByte = true;
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        terminal.write(new Uint8Array(event.data));
        if (firstByte) {
          firstByte = false;
          performance.mark("palm-island:first-byte");
          body.classList.add("-first-byte");
        }
        return;
      }
      let envelope;
      try {
        envelope = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!Array.isArray(envelope)) return;
      if (envelope[0] === "open_url") openUrl(envelope[1]);
      // "pong": nothing to do; "deliver_file_start": the game delivers no files.
    });

    terminal.onData((data) => send(["stdin", data]));
    terminal.onResize(sendSize);
    terminal.textarea?.addEventListener("focus", () => send(["focus"]));
    terminal.textarea?.addEventListener("blur", () => send(["blur"]));

    // Fit the box again when it changes (window resize, phone rotation, an on-screen
    // keyboard) or the pixel ratio does (zoom, a move to another screen): at most
    // once a frame, the font size first, then the cells; a new size goes to the game.
    let queued = 0;
    const refit = () => {
      if (queued) return;
      queued = requestAnimationFrame(() => {
        queued = 0;
        const size = fontSizeFor(host.clientWidth);
        if (terminal.options.fontSize !== size) terminal.options.fontSize = size;
        fit.fit();
      });
    };
    new ResizeObserver(refit).observe(host);
    window.addEventListener("orientationchange", refit);
    const watchRatio = () => {
      matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener(
        "change",
        () => {
          refit();
          watchRatio();
        },
        { once: true },
      );
    };
    watchRatio();

    terminal.focus(); // keys go to the game at once, without a click first
  }

  function ready() {
    // The closed-window note's button (no inline handler: the page's
    // Content-Security-Policy runs no inline script).
    document.getElementById("play-again")?.addEventListener("click", () => location.reload());
    void start();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
