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
 * The font size: 16 CSS px, smaller on a narrow screen (the largest down to 12 that
 * fits the table's 80 columns), smaller still when neither of the game's layouts
 * (the table's 80x24, the compact one's 44x40: tui/layout.py) fits the box at that
 * size: a phone held sideways (844x390) gets 14.5 px and the table. Then a
 * nudge of at most a pixel or two to a size whose rows are a whole number of CSS
 * and device pixels: at a pixel ratio of 1.25, 1.5 or 1.75 rows of 19.2 px fall
 * between device pixels, and each row's background and each border's vertical
 * line showed a seam.
 *
 * The soft keyboard: on a touch screen, a box that only loses height, and more
 * than an address bar's (KEYBOARD_PX), is the keyboard coming up. The game keeps
 * its size (a refit there would cover a dialog being typed in with the
 * too-small notice); the page shows the part around the cursor, which Textual
 * puts in the text field being typed in, and refits when the keyboard goes.
 *
 * Screen readers: xterm's screenReaderMode keeps the screen's rows as text in the
 * accessibility tree (a list of rows) and reads new output aloud.
 *
 * Query options: ?fontsize=N (CSS px, instead of the chosen size),
 * ?expose-terminal (tests read window.palmIslandTerminal). The socket's query
 * tells the server the terminal's size and, with touch=1, that the page is on a
 * touch screen (the game then speaks of taps), and with lang= the browser's
 * languages (navigator.languages), the game's language (the server takes only one
 * it ships).
 *
 * The player's choice of language comes before the browser's: ?lang=es in the
 * address, or the game's "Language" entry, which asks (an open_url of this page
 * with #lang=es) that the page keep it. It is kept in a cookie for this page's
 * path, which the server reads with the page's and the socket's requests.
 */
"use strict";

(() => {
  const WIDE_FONT_PX = 16;
  const SMALLEST_FONT_PX = 12; // the least that reads well on a phone
  const WANTED_COLUMNS = 80; // the game's full layout
  const CELL_WIDTH_EM = 0.6; // Roboto Mono's advance width
  const LAYOUT_MINIMUMS = [
    [80, 24], // the table (tui/layout.py TABLE)
    [44, 40], // the cards stacked (tui/layout.py COMPACT)
  ];
  const FONT_STEP_PX = 1 / 8; // sizes tried when fitting and snapping
  const FLOOR_FONT_PX = 8; // never smaller, whatever the box
  const SNAP_DOWN_PX = 2; // how far a size may move to get whole-pixel rows
  const SNAP_UP_PX = 1;
  const KEYBOARD_PX = 150; // a height lost beyond this on a touch screen: the keyboard
  const TOUCH = matchMedia("(pointer: coarse)").matches;
  const FONT_FAMILY = "'Roboto Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace";

  const params = new URLSearchParams(location.search);
  const KEY_ITEM = "palm-island.key";
  const CHOICE_COOKIE = "palm-island-language"; // web/languages.py CHOICE_COOKIE
  const CHOICE_PATTERN = /^[a-z]{1,8}$/;
  const CHOICE_SECONDS = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie
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
   * The size asked for in the address (?fontsize=N), or null.
   * @returns {number | null}
   */
  function askedFontSize() {
    const asked = Number.parseInt(params.get("fontsize") ?? "", 10);
    return Number.isFinite(asked) ? Math.min(Math.max(asked, 6), 64) : null;
  }

  /**
   * The preferred size from the width alone: the largest from 16 down to 12 that
   * fits 80 columns in `width` (a phone gets 12: about 54 columns at 390 px).
   * @param {number} width the terminal's box width in CSS px
   * @returns {number}
   */
  function widthFontSize(width) {
    const fits = Math.floor(width / (WANTED_COLUMNS * CELL_WIDTH_EM));
    return Math.min(WIDE_FONT_PX, Math.max(SMALLEST_FONT_PX, fits));
  }

  /**
   * @param {{cols: number, rows: number} | undefined} size
   * @returns {boolean} whether one of the game's layouts fits `size`
   */
  function layoutFits(size) {
    return (
      size !== undefined &&
      LAYOUT_MINIMUMS.some(([cols, rows]) => size.cols >= cols && size.rows >= rows)
    );
  }

  /**
   * @param {number} value
   * @returns {boolean} whether `value` is a whole number (within rounding)
   */
  function whole(value) {
    return Math.abs(value - Math.round(value)) < 1e-6;
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
    const query = new URLSearchParams({ width: String(cols), height: String(rows) });
    if (TOUCH) query.set("touch", "1");
    const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
    query.set("lang", languages.filter(Boolean).join(","));
    url.search = query.toString();
    return url.href;
  }

  /**
   * Keeps the player's choice of language for this page (and its socket), for
   * this load and the next ones; anything but a short lower-case code is ignored.
   * @param {string} language
   */
  function keepLanguage(language) {
    if (!CHOICE_PATTERN.test(language)) return;
    const path = new URL(".", location.href).pathname;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie =
      `${CHOICE_COOKIE}=${language}; Path=${path}; Max-Age=${CHOICE_SECONDS}` +
      `; SameSite=Strict${secure}`;
  }

  /**
   * The game's request to keep a language (this page's address with #lang=es),
   * or null for any other address.
   * @param {URL} target
   * @returns {string | null}
   */
  function languageAsked(target) {
    if (target.origin !== location.origin || target.pathname !== location.pathname) return null;
    const asked = new URLSearchParams(target.hash.slice(1)).get("lang");
    return asked !== null && CHOICE_PATTERN.test(asked) ? asked : null;
  }

  /**
   * Opens a link the game asks for (http and https only, in a new tab unless asked
   * otherwise, without giving the new page a handle on this one); this page's own
   * address with #lang= keeps a choice of language instead.
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
    const language = languageAsked(target);
    if (language !== null) {
      keepLanguage(language);
      return;
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") return;
    window.open(target.href, newTab === false ? "_self" : "_blank", "noopener");
  }

  async function start() {
    const host = /** @type {HTMLElement} */ (document.getElementById("terminal"));
    const body = document.body;
    const key = takeKey();
    const asked = params.get("lang");
    if (asked !== null) keepLanguage(asked.toLowerCase());
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
      fontSize: askedFontSize() ?? widthFontSize(host.clientWidth),
      scrollback: 0,
      screenReaderMode: true,
      // The game's own background (Textual's default dark theme), for the sliver past
      // the last whole cell.
      theme: { background: "#121212" },
    });
    const fit = new FitAddon.FitAddon();
    terminal.loadAddon(fit);
    terminal.loadAddon(new Unicode11Addon.Unicode11Addon());
    terminal.unicode.activeVersion = "11";
    terminal.open(host);

    /**
     * The height of a row as the renderer lays it out, in CSS px.
     * @returns {number}
     */
    const rowHeight = () => {
      const row = /** @type {HTMLElement | null} */ (host.querySelector(".xterm-rows > div"));
      return row === null ? Number.NaN : Number.parseFloat(row.style.height);
    };
    /**
     * Sets the font size and says how many cells the box then holds.
     * @param {number} size
     */
    const tryFont = (size) => {
      if (terminal.options.fontSize !== size) terminal.options.fontSize = size;
      return fit.proposeDimensions();
    };
    /**
     * The font size for the box now: asked for, or from its width and then its
     * height (a layout of the game fits), then snapped to whole-pixel rows.
     * @returns {number}
     */
    const chooseFont = () => {
      const asked = askedFontSize();
      let size = asked ?? widthFontSize(host.clientWidth);
      if (asked === null) {
        while (size > FLOOR_FONT_PX && !layoutFits(tryFont(size))) size -= FONT_STEP_PX;
      }
      const fitted = layoutFits(tryFont(size));
      const clean = () => {
        const height = rowHeight();
        return whole(height) && whole(height * devicePixelRatio);
      };
      if (clean()) return size;
      const tried = [];
      for (let step = FONT_STEP_PX; step <= SNAP_DOWN_PX; step += FONT_STEP_PX) {
        if (step <= SNAP_UP_PX) tried.push(size + step);
        tried.push(size - step);
      }
      tried.sort((a, b) => Math.abs(a - size) - Math.abs(b - size) || a - b);
      for (const candidate of tried) {
        if (candidate < FLOOR_FONT_PX) continue;
        const cells = tryFont(candidate);
        if (clean() && (!fitted || layoutFits(cells))) return candidate;
      }
      return size;
    };

    // The soft keyboard: the box the game was fitted to, kept while it is up.
    let fittedWidth = 0;
    let fittedHeight = 0;
    let keyboardUp = false;
    /** Shows the kept terminal's rows around the cursor (the field typed in). */
    const showCursor = () => {
      const visible = document.documentElement.clientHeight;
      const cell = rowHeight();
      const cursor = (terminal.buffer.active.cursorY + 0.5) * cell;
      const most = Math.max(0, fittedHeight - visible);
      const rows = Math.round(Math.min(most, Math.max(0, cursor - visible / 2)) / cell);
      host.style.top = `${-rows * cell}px`;
    };
    const fitBox = () => {
      const width = document.documentElement.clientWidth;
      const height = document.documentElement.clientHeight;
      const keyboard =
        TOUCH && fittedHeight > 0 && width === fittedWidth && fittedHeight - height > KEYBOARD_PX;
      if (keyboard) {
        if (!keyboardUp) {
          keyboardUp = true;
          host.style.height = `${fittedHeight}px`; // the game keeps its rows
        }
        showCursor();
        return;
      }
      keyboardUp = false;
      host.style.removeProperty("height");
      host.style.removeProperty("top");
      const size = chooseFont();
      if (terminal.options.fontSize !== size) terminal.options.fontSize = size;
      fit.fit();
      fittedWidth = width;
      fittedHeight = height;
    };
    terminal.onCursorMove(() => {
      if (keyboardUp) showCursor();
    });
    fitBox();
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

    // Fit the box again when it changes (window resize, phone rotation; the soft
    // keyboard keeps the size, fitBox) or the pixel ratio does (zoom, a move to
    // another screen): at most once a frame, the font size first, then the cells; a
    // new size goes to the game.
    let queued = 0;
    const refit = () => {
      if (queued) return;
      queued = requestAnimationFrame(() => {
        queued = 0;
        fitBox();
      });
    };
    new ResizeObserver(refit).observe(document.documentElement);
    window.addEventListener("resize", refit);
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
