/* The phones' page of 'tabletop serve': keeps the board live, fits it to the screen, follows the theme, keeps the
   screen awake where the browser allows it, and on a seat's page answers that seat's question.
   The page is drawn whole by the server first (it reads without this script); this script only improves it. */
(function () {
  "use strict";
  var WIDTHS = [120, 80, 60];  // the layouts the status pictures have, widest first
  var MIN_FONT = 12;  // px: a layout is used only if its characters are at least this big
  var MAX_FONT = 18;
  var root = document.documentElement;
  var body = document.body;
  var texts = JSON.parse(document.getElementById("texts").textContent);
  var lang = root.lang;
  var live = document.getElementById("live");
  var boardBox = document.getElementById("board");
  var seatBox = document.getElementById("seat");
  var width = parseInt(body.getAttribute("data-width"), 10) || 60;
  var source = null;
  var last = null;  // the last state drawn

  function esc(s) { var d = document.createElement("div"); d.textContent = s == null ? "" : String(s); return d.innerHTML; }

  // -- theme --------------------------------------------------------------
  var themeButton = document.getElementById("theme");
  function currentTheme() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) return chosen;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  function showTheme() { themeButton.textContent = currentTheme() === "dark" ? texts.theme_light : texts.theme_dark; }
  try { var saved = localStorage.getItem("tabletop-theme"); if (saved === "dark" || saved === "light") root.setAttribute("data-theme", saved); } catch (e) {}
  themeButton.hidden = false;
  showTheme();
  themeButton.addEventListener("click", function () {
    var next = currentTheme() === "dark" ? "light" : "dark";
    root.setAttribute("data-theme", next);
    try { localStorage.setItem("tabletop-theme", next); } catch (e) {}
    showTheme();
  });
  if (window.matchMedia) {
    var mq = window.matchMedia("(prefers-color-scheme: dark)");
    if (mq.addEventListener) mq.addEventListener("change", showTheme);
  }

  // -- the board's width: the widest layout whose characters stay readable -------------------------------
  var cellRatio = null;  // a character's width / the font size, measured once in the board's font
  function measure() {
    var probe = document.createElement("pre");
    probe.className = "board";
    probe.style.position = "absolute"; probe.style.visibility = "hidden"; probe.style.fontSize = "100px";
    probe.style.width = "auto"; probe.style.maxWidth = "none";
    probe.textContent = "──────────MMMMMMMMMM";
    body.appendChild(probe);
    var w = probe.getBoundingClientRect().width;
    body.removeChild(probe);
    return w > 0 ? w / 2000 : 0.6;
  }
  function available() {
    var style = window.getComputedStyle(body);
    return body.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }
  function chooseWidth() {
    if (cellRatio === null) cellRatio = measure();
    var room = available();
    for (var i = 0; i < WIDTHS.length; i++) {
      if (room / (WIDTHS[i] * cellRatio) >= MIN_FONT) return WIDTHS[i];
    }
    return WIDTHS[WIDTHS.length - 1];
  }
  function fit() {
    if (cellRatio === null) cellRatio = measure();
    var size = Math.min(MAX_FONT, Math.floor(available() / (width * cellRatio) * 100) / 100);
    // in the board box's own width (container units), so the board follows when that width changes with no
    // resize event: a classic scrollbar that comes when the page grows (a seat's long list drawn after the board)
    var cells = Math.ceil(width * cellRatio * 1000) / 1000 + 0.01;
    var pres = document.querySelectorAll("pre.board");
    for (var i = 0; i < pres.length; i++) {
      pres[i].style.fontSize = size + "px";  // kept by a browser that has no container units
      pres[i].style.fontSize = "min(" + MAX_FONT + "px, calc(100cqi / " + cells + "))";
    }
  }

  // -- drawing --------------------------------------------------------------
  function drawBoard(s) {
    var out = "";
    if (s.turn && !s.seat) out += '<p class="turn">' + esc(s.turn) + "</p>";  // the shared board: whose turn
    if (s.notice) out += '<p class="notice ' + esc(s.notice) + '">' + esc(s.notice_text) + "</p>";
    if (s.board) out += '<pre class="board">' + s.board + "</pre>";  // the server's HTML: every text escaped there
    if (s.log && s.log.length) {
      out += '<div class="log"><h2>' + esc(texts.log) + "</h2>";
      s.log.forEach(function (e) {
        out += '<section class="step"><h3>' + esc(String(e.n)) + " · " + esc(e.label) + "</h3><ul>";
        e.lines.forEach(function (l) { out += "<li>" + esc(l) + "</li>"; });
        out += "</ul></section>";
      });
      out += "</div>";
    }
    boardBox.innerHTML = out;
    fit();
  }

  var answering = null;  // the question id an answer was sent for, until the state moves on
  var listOpen = false;  // the player unfolded a long list of choices on this visit
  function questionHtml(q) {
    var out = '<form class="question" data-id="' + esc(q.id) + '" data-key="' + esc(q.key || "") + '" data-kind="' +
      esc(q.kind) + '">';
    out += '<p class="prompt">' + esc(q.prompt) + "</p>";
    if (q.hint) out += "<p>" + esc(q.hint) + "</p>";
    var long = q.choices.length > 9;
    if (long) {  // a long list (a Radlands turn, the Old World cards): typing filters it, as at the terminal
      out += '<input class="filter" type="search" autocomplete="off" placeholder="' + esc(texts.filter) + '" aria-label="' + esc(texts.filter) + '">';
    }
    // a long list comes folded, so that the board below is on the screen when the page opens (a Radlands turn
    // offers about 90 actions); a tap on its line, or typing in the filter, unfolds it, and the next long list of
    // this visit comes as the player left the last one
    var open = long ? '<details class="long"' + (listOpen ? " open" : "") + '><summary>' + esc(texts.choices_folded.replace("{n}", String(q.choices.length))) +
      "</summary>" : "";
    var close = long ? "</details>" : "";
    if (q.kind === "choice" || q.kind === "yesno") {
      out += open + '<div class="choices">';
      q.choices.forEach(function (c) {
        out += '<button type="submit" class="choice" name="answer" value="' + esc(c.value) + '"' +
          (c.unavailable ? " disabled" : "") + ">" + esc(c.label) + (c.unavailable ? " — " + esc(c.unavailable) : "") + "</button>";
      });
      out += "</div>" + close;
    } else if (q.kind === "multi") {
      out += open + '<div class="choices">';
      q.choices.forEach(function (c) {
        out += '<label class="choice"><input type="checkbox" name="several" value="' + esc(c.value) + '"' +
          (c.unavailable ? " disabled" : "") + "> " + esc(c.label) + "</label>";
      });
      out += "</div>" + close + '<div class="choices"><button type="submit">' + esc(texts.send) + "</button></div>";
    } else {
      out += '<input name="text" type="' + (q.kind === "number" ? "number" : "text") + '" inputmode="' +
        (q.kind === "number" ? "numeric" : "text") + '" autocomplete="off"' + (q.min != null ? ' min="' + esc(q.min) + '"' : "") +
        (q.max != null ? ' max="' + esc(q.max) + '"' : "") + ">";
      out += '<div class="choices"><button type="submit">' + esc(texts.send) + "</button></div>";
    }
    return out + '<p class="notice error" hidden></p></form>';
  }
  function drawSeat(s) {
    if (!seatBox || !s.seat) return;
    var seat = s.seat;
    var info = "<h2>" + esc(seat.name) + "</h2>";
    if (seat.turn) info += '<p class="turn">' + esc(seat.turn) + "</p>";
    if (seat.clock) info += '<p class="clock">' + esc(seat.clock) + "</p>";
    var infoBox = document.getElementById("seat-info"), askBox = document.getElementById("seat-ask");
    if (!infoBox) {
      seatBox.innerHTML = '<div id="seat-info"></div><div id="seat-ask"></div>';
      infoBox = document.getElementById("seat-info"); askBox = document.getElementById("seat-ask");
    }
    infoBox.innerHTML = info;
    var q = seat.question;
    var shown = askBox.querySelector("form.question");
    // the same question (its id and its place in the game): what is typed stays; the same id asked again (a
    // Radlands turn's next action) is a new question, drawn afresh
    if (q && shown && shown.getAttribute("data-id") === q.id && shown.getAttribute("data-key") === (q.key || "")) return;
    askBox.innerHTML = q ? questionHtml(q) : (seat.waiting ? "<p>" + esc(seat.waiting) + "</p>" : "");
    var form = askBox.querySelector("form.question");
    if (form) form.addEventListener("submit", submit);
    var folded = askBox.querySelector("details.long");
    if (folded) folded.addEventListener("toggle", function () { listOpen = folded.open; });
    var filter = askBox.querySelector("input.filter");
    if (filter) filter.addEventListener("input", function () {
      var folded = askBox.querySelector("details.long");
      if (folded && filter.value.trim()) folded.open = true;
      var words = filter.value.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").split(/\s+/).filter(Boolean);
      askBox.querySelectorAll(".choices .choice").forEach(function (c) {
        var text = c.textContent.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
        c.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
      });
    });
  }

  function submit(event) {
    event.preventDefault();
    var form = event.target;
    var kind = form.getAttribute("data-kind");
    var answer;
    if (kind === "choice" || kind === "yesno") {
      answer = event.submitter ? event.submitter.value : "";
    } else if (kind === "multi") {
      answer = Array.prototype.map.call(form.querySelectorAll("input[name=several]:checked"), function (i) { return i.value; });
    } else {
      answer = form.querySelector("input[name=text]").value;
    }
    var error = form.querySelector(".notice.error");
    // while the answer travels every button rests; afterwards a choice that cannot be picked now stays resting
    var buttons = Array.prototype.filter.call(form.querySelectorAll("button"), function (b) { return !b.disabled; });
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    answering = form.getAttribute("data-id");
    fetch("answer?lang=" + encodeURIComponent(lang) + "&width=" + width, {
      method: "POST", credentials: "omit", cache: "no-store",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: answering, key: form.getAttribute("data-key"), answer: answer })
    }).then(function (r) { return r.json().then(function (j) { return { ok: r.ok, body: j }; }); })
      .then(function (r) {
        if (r.ok) {  // the question is answered: whatever waits next is drawn afresh
          answering = null;
          document.getElementById("seat-ask").innerHTML = "";
          last = null;  // drawn even when the live stream brought the same state first
          if (r.body.state) draw(r.body.state);
          return;
        }
        answering = null;
        if (r.body.state) {  // the question is no longer waiting (answered already): what waits now, and why
          document.getElementById("seat-ask").innerHTML = "";
          last = null;
          draw(r.body.state);
          tell(r.body.error || texts.failed);
          return;
        }
        error.textContent = r.body.error || texts.failed;
        error.hidden = false;
        for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
      })
      .catch(function () {
        answering = null;
        error.textContent = texts.failed; error.hidden = false;
        for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
      });
  }

  function tell(text) {  // a refusal shown above what the seat's part shows now
    var askBox = document.getElementById("seat-ask");
    if (!askBox) return;
    var box = askBox.querySelector(".notice.error");
    if (!box) { box = document.createElement("p"); box.className = "notice error"; askBox.insertBefore(box, askBox.firstChild); }
    box.textContent = text;
    box.hidden = false;
  }

  function draw(s) {
    if (last && s.v === last.v && s.width === last.width && s.lang === last.lang && last.seatKey === seatKey(s)) return;
    s.seatKey = seatKey(s);
    drawBoard(s);
    drawSeat(s);
    body.setAttribute("data-version", s.v);
    body.setAttribute("data-width", s.width);
    last = s;
  }
  function seatKey(s) { return s.seat ? JSON.stringify(s.seat) : ""; }

  // -- live -------------------------------------------------------------------
  function connect() {
    if (source) source.close();
    if (!window.EventSource) return;
    source = new EventSource("events?lang=" + encodeURIComponent(lang) + "&width=" + width);
    source.onmessage = function (m) { live.className = ""; live.textContent = texts.live; draw(JSON.parse(m.data)); };
    source.onerror = function () { live.className = "off"; live.textContent = texts.offline; };
    source.onopen = function () { live.className = ""; live.textContent = texts.live; };
  }
  var relayout = null;
  function onResize() {
    clearTimeout(relayout);
    relayout = setTimeout(function () {
      var wanted = chooseWidth();
      if (wanted !== width) { width = wanted; connect(); } else { fit(); }
    }, 150);
  }
  width = chooseWidth();
  fit();
  connect();
  window.addEventListener("resize", onResize);
  if (window.ResizeObserver) {  // the board box narrowed or widened with no resize event (a scrollbar came or went)
    var boxWidth = boardBox.clientWidth;
    new ResizeObserver(function () {
      if (boardBox.clientWidth !== boxWidth) { boxWidth = boardBox.clientWidth; onResize(); }
    }).observe(boardBox);
  }
  window.addEventListener("orientationchange", onResize);

  // -- awake --------------------------------------------------------------------------------------------
  var awake = document.getElementById("awake");
  var lock = null;
  function note(text) { awake.textContent = text || ""; awake.hidden = !text; }
  function keepAwake() {
    if (!("wakeLock" in navigator) || !navigator.wakeLock) { note(texts.awake_unsupported); return; }
    if (lock && !lock.released) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l; note("");
      l.addEventListener("release", function () { if (document.visibilityState === "visible") note(texts.awake_lost); });
    }).catch(function () { note(texts.awake_refused); });
  }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") keepAwake(); });
  keepAwake();
  window.tabletop = { width: function () { return width; }, theme: currentTheme };
})();
