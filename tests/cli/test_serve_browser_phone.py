"""The phones' page in a real browser at a phone's and a tablet's size (issue 25): no sideways scroll, the layout
chosen from the screen and re-laid on rotation, every text colour at 4.5:1 or more in both themes, the theme switch,
the screen kept awake (or a note saying it cannot be).

Headless Chromium and ChromeDriver as `.ci/run` installs them; skipped, saying why, only where they cannot be had.
"""

from __future__ import annotations

import threading

import pytest

from browser_checks import CHROMIUM, DEVICES, DRIVER, SKIP_REASON, check_page, open_browser
from serve_saves import make_save

# a whole-program battery (left out of the quick run, pyproject.toml); a real browser, when there is one
pytestmark = [pytest.mark.battery, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=SKIP_REASON)]

NAME = "phone-page"


@pytest.fixture
def served():
    from cli.phones import startup as serve
    from cli.commands.env import Env

    make_save("chaos", NAME, steps=12)
    server, board, token = serve.make_server(Env(lang="en", game=NAME), 0, lan=False)
    observer = serve._watch(board)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/{token}/"
    server.close_all()
    server.shutdown()
    observer.stop()
    server.server_close()


def wait_drawn(driver, width: int | None = None):
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "return document.getElementById('live').textContent === 'live' && !!document.querySelector('pre.board')"
        " && (arguments[0] === null || document.body.getAttribute('data-width') === String(arguments[0]))", width))


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("device", sorted(DEVICES))
def test_the_page_fits_the_device_and_reads_in_both_themes(served, device, dark, tmp_path):
    width, height = DEVICES[device]
    driver = open_browser(width, height, dark)
    try:
        driver.get(served)
        expected = 60 if device == "phone" else 80  # a phone: the phone's layout; a tablet upright: 80 columns
        wait_drawn(driver, expected)
        assert driver.execute_script("return window.tabletop.theme()") == ("dark" if dark else "light")
        check_page(driver)
        driver.save_screenshot(str(tmp_path / f"{device}-{'dark' if dark else 'light'}.png"))
        # the switch: the other theme, and it reads as well
        driver.find_element("id", "theme").click()
        assert driver.execute_script("return window.tabletop.theme()") == ("light" if dark else "dark")
        check_page(driver)
        # turned sideways: the layout follows the screen
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": height, "height": width, "deviceScaleFactor": 2, "mobile": True})
        wait_drawn(driver, 120 if device == "tablet" else 60)
        check_page(driver)
    finally:
        driver.quit()


def test_from_360_to_430_pixels_nothing_scrolls_sideways(served):
    driver = open_browser(360, 780)
    try:
        for width in (360, 375, 390, 412, 430):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 800, "deviceScaleFactor": 2, "mobile": True})
            driver.get(served)
            wait_drawn(driver, 60)
            check_page(driver)
            size = driver.execute_script("return parseFloat(getComputedStyle(document.querySelector('pre.board')).fontSize)")
            assert size >= 9.5, f"the board's characters at {width} px are {size} px"
    finally:
        driver.quit()


#: a classic scrollbar, as a desktop browser or some phones' browsers draw it: it takes its width from the page
CLASSIC_SCROLLBAR = """
document.addEventListener('DOMContentLoaded', function () {
  var s = document.createElement('style');
  s.textContent = '::-webkit-scrollbar { width: 17px; height: 17px; } ::-webkit-scrollbar-thumb { background: #888; }';
  document.head.appendChild(s);
});
"""


@pytest.fixture
def radlands_served():
    from cli.phones import startup as serve
    from cli.commands.env import Env

    make_save("radlands", "phone-radlands", steps=40)  # a Radlands turn: dozens of actions to choose from
    server, board, token = serve.make_server(Env(lang="en", game="phone-radlands"), 0, lan=False)
    observer = serve._watch(board)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield server, token
    server.close_all()
    server.shutdown()
    observer.stop()
    server.server_close()


BOARD_BOX = """var p = document.querySelector('pre.board'), r = p.getBoundingClientRect();
return {right: r.right, top: r.top, page: document.documentElement.clientWidth, screen: window.innerHeight,
        scroll: p.scrollWidth, client: p.clientWidth, bar: window.innerWidth - document.documentElement.clientWidth};"""


@pytest.mark.parametrize("role, height", [("board", 780), ("seat", 5000)])
def test_at_360_pixels_a_classic_scrollbar_hides_no_column(radlands_served, role, height):
    """A browser that draws a classic scrollbar takes ~17 px from the page: the 60-column board still fits whole,
    whether the scrollbar is there from the start (the board's page) or comes later with no resize event (last
    session's play: columns went under it when a seat's list of about 90 actions, unfolded, made a page that
    was shorter than the screen tall)."""
    from selenium.webdriver.support.ui import WebDriverWait

    from test_serve_seats import question_waiting

    server, token = radlands_served
    seat_token, _, q = question_waiting(server)
    driver = open_browser(360, height, touch=False)  # a touch screen's scrollbar floats over the page: no width taken
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 360, "height": height, "deviceScaleFactor": 2, "mobile": False})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CLASSIC_SCROLLBAR})
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/{seat_token if role == 'seat' else token}/")
        wait_drawn(driver, 60)
        if role == "seat":
            WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                "return document.querySelectorAll('.choices .choice').length") == len(q["choices"]))
            driver.execute_script("var f = document.querySelector('details.long'); if (f) f.open = true;")
        box = WebDriverWait(driver, 5).until(lambda d: (lambda b: b if b["bar"] >= 15 else None)(
            d.execute_script(BOARD_BOX)))  # the page has its scrollbar (what this checks is about one)
        WebDriverWait(driver, 5).until(lambda d: (lambda b: b["right"] <= b["page"] + 0.5 and b["scroll"] <= b["client"])(
            d.execute_script(BOARD_BOX)), f"the board goes under the scrollbar: {box}")
        check_page(driver)
    finally:
        driver.quit()


def test_a_radlands_seat_shows_its_board_on_arrival(radlands_served, tmp_path):
    """About 90 actions used to come before the board on a Radlands seat's page: the long list comes folded (a
    tap or the filter unfolds it), so the board is on the phone's screen when the page opens."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from cli.words.i18n import Translator
    from test_serve_seats import question_waiting

    server, _ = radlands_served
    seat_token, _, q = question_waiting(server)
    assert len(q["choices"]) > 60
    driver = open_browser(390, 844)
    try:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/{seat_token}/")
        wait_drawn(driver, 60)
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.question"))
        box = driver.execute_script(BOARD_BOX)
        assert box["top"] < box["screen"] - 100, f"the board starts below the screen: {box}"
        summary = driver.find_element(By.CSS_SELECTOR, "details.long summary")
        assert summary.text == Translator("en")("core.serve.choices_folded", n=len(q["choices"]))
        driver.save_screenshot(str(tmp_path / "radlands-seat.png"))
        summary.click()
        assert driver.execute_script("return document.querySelector('details.long').open")
        first = next(c for c in q["choices"] if not c["unavailable"])
        assert driver.find_element(By.CSS_SELECTOR, f".choices button[value='{first['value']}']").is_displayed()
        check_page(driver)
        # the player unfolded the list: this visit's next long list comes unfolded (a reload folds it again)
        shown = "var f = document.querySelector('form.question'); return f ? [f.getAttribute('data-key')," \
                " !!f.querySelector('details.long'), !!f.querySelector('details.long[open]')] : null"
        before = driver.execute_script(shown)
        assert any(c["value"] == "draw" and not c["unavailable"] for c in q["choices"])
        driver.find_element(By.CSS_SELECTOR, ".choices button[value='draw']").click()  # the next action: a long list
        WebDriverWait(driver, 10).until(lambda d: (d.execute_script(shown) or before)[0] != before[0])
        assert driver.execute_script(shown)[1:] == [True, True], driver.execute_script(shown)
    finally:
        driver.quit()


WAKE_STUB = """
window.__asked = 0;
Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: function () { return %s; }});
"""
WAKE_GRANTS = """{request: function () {
  window.__asked += 1;
  var lock = {released: false, addEventListener: function (t, f) { lock.onrelease = f; }};
  window.__lock = lock; return Promise.resolve(lock); }}"""
WAKE_REFUSES = "{request: function () { window.__asked += 1; return Promise.reject(new Error('NotAllowedError')); }}"


@pytest.mark.parametrize("wake, note", [("undefined", "core.serve.awake_unsupported"),
                                        (WAKE_REFUSES, "core.serve.awake_refused"), (WAKE_GRANTS, None)])
def test_the_screen_is_kept_awake_or_a_note_says_it_cannot_be(served, wake, note):
    from selenium.webdriver.support.ui import WebDriverWait

    from cli.words.i18n import Translator

    driver = open_browser(390, 844)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WAKE_STUB % wake})
        driver.get(served)
        wait_drawn(driver)
        shown = "var a = document.getElementById('awake'); return a.hidden ? '' : a.textContent;"
        if note:
            WebDriverWait(driver, 5).until(lambda d: d.execute_script(shown))
            assert driver.execute_script(shown) == Translator("en")(note)
            check_page(driver)  # the note reads as well as the rest
            return
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return window.__asked") == 1)
        assert driver.execute_script(shown) == ""
        # the browser lets the lock go (the page was hidden); when the page is visible again it is asked again
        driver.execute_script("window.__lock.released = true; document.dispatchEvent(new Event('visibilitychange'));")
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return window.__asked") == 2)
    finally:
        driver.quit()


@pytest.fixture
def seats_served():
    from cli.phones import startup as serve
    from cli.commands.env import Env

    make_save("chaos", "phone-seats", steps=30)  # a Power's Summoning waits: that seat's question
    server, board, token = serve.make_server(Env(lang="en", game="phone-seats"), 0, lan=False)
    observer = serve._watch(board)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server, token
    server.close_all()
    server.shutdown()
    observer.stop()
    server.server_close()


@pytest.mark.parametrize("device", sorted(DEVICES))
def test_a_seat_answers_on_its_phone_and_the_shared_board_changes(seats_served, device, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from cli.words.i18n import Translator
    from test_serve_seats import question_waiting

    server, token = seats_served
    seat_token, seat_id, q = question_waiting(server)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    width, height = DEVICES[device]
    driver = open_browser(width, height)
    wait = WebDriverWait(driver, 10)
    text_of = "var e = document.querySelector(arguments[0]); return e ? e.textContent : '';"
    try:
        driver.get(f"{base}/{token}/")  # the shared board, on the table's tablet or laptop
        wait_drawn(driver)
        board_tab = driver.current_window_handle
        first_step = driver.execute_script(text_of, ".step h3")
        version = driver.execute_script("return document.body.getAttribute('data-version')")
        assert Translator("en")("core.serve.turn_seat", seat="|", step="").split("|")[0].strip() in \
            driver.execute_script(text_of, "p.turn")
        driver.switch_to.new_window("tab")  # the seat's own phone
        driver.get(f"{base}/{seat_token}/")
        wait_drawn(driver)
        wait.until(lambda d: d.execute_script("return !!document.querySelector('form.question')"))
        assert driver.execute_script(text_of, "form.question .prompt") == q["prompt"]
        check_page(driver)
        # a refused answer: the question's own words, shown on the phone; nothing changes
        field = driver.find_element(By.CSS_SELECTOR, "form.question input[name=text]")
        field.send_keys("nonsense-xyz")
        driver.find_element(By.CSS_SELECTOR, "form.question button[type=submit]").click()
        wait.until(lambda d: d.execute_script("var e = document.querySelector('form.question .notice.error');"
                                              " return e && !e.hidden ? e.textContent : '';"))
        assert "nonsense-xyz" in driver.execute_script(text_of, "form.question .notice.error")
        check_page(driver)  # the refusal reads as well
        driver.save_screenshot(str(tmp_path / f"seat-refused-{device}.png"))
        # the answer: nothing summoned
        field = driver.find_element(By.CSS_SELECTOR, "form.question input[name=text]")
        field.clear()
        driver.find_element(By.CSS_SELECTOR, "form.question button[type=submit]").click()
        wait.until(lambda d: not d.execute_script("return !!document.querySelector('form.question')"))
        assert driver.execute_script(text_of, "#seat").find(Translator("en")("core.serve.not_yours")) >= 0
        check_page(driver)
        driver.save_screenshot(str(tmp_path / f"seat-answered-{device}.png"))
        # the shared board has moved on
        driver.switch_to.window(board_tab)
        wait.until(lambda d: d.execute_script("return document.body.getAttribute('data-version')") != version)
        wait.until(lambda d: d.execute_script(text_of, ".step h3") not in ("", first_step))
        check_page(driver)
        driver.save_screenshot(str(tmp_path / f"board-after-{device}.png"))
    finally:
        driver.quit()


def test_a_long_list_of_choices_filters_and_a_tap_answers(tmp_path):
    """A Radlands turn offers dozens of actions: typing filters them, as at the terminal; an unavailable action
    is shown with its reason and cannot be tapped; a tap answers."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from cli.phones import startup as serve
    from cli.commands.env import Env
    from state.save import read
    from test_serve_seats import question_waiting

    session = make_save("radlands", "phone-choices", steps=40)
    server, board, token = serve.make_server(Env(lang="en", game="phone-choices"), 0, lan=False)
    observer = serve._watch(board)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    driver = open_browser(390, 844)
    try:
        seat_token, seat_id, q = question_waiting(server)
        assert len(q["choices"]) > 9
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/{seat_token}/")
        wait_drawn(driver)
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "input.filter"))
        visible = "return Array.prototype.filter.call(document.querySelectorAll('.choices .choice'), function (c) {" \
                  " return !c.hidden; }).map(function (c) { return c.textContent; });"
        assert len(driver.execute_script(visible)) == len(q["choices"])
        unavailable = [c for c in q["choices"] if c["unavailable"]]
        if unavailable:
            assert driver.execute_script("return document.querySelectorAll('.choices button:disabled').length") == len(unavailable)
        end = next(c for c in q["choices"] if not c["unavailable"])
        driver.find_element(By.CSS_SELECTOR, "input.filter").send_keys(end["label"].split(" (")[0].lower())
        shown = driver.execute_script(visible)
        assert shown and len(shown) < len(q["choices"]) and all(end["label"].split(" (")[0] in s for s in shown)
        check_page(driver)
        driver.save_screenshot(str(tmp_path / "filtered.png"))
        before = read(session.save.folder)
        driver.find_element(By.CSS_SELECTOR, f".choices button[value='{end['value']}']").click()
        def records(save):
            return (save.pending or {}).get("records", [])

        def moved(_):
            now = read(session.save.folder)
            return (now.journal_length, len(records(now))) != (before.journal_length, len(records(before)))

        WebDriverWait(driver, 10).until(moved)
        after = read(session.save.folder)
        answered = [r for e in after.journal()[before.journal_length:] for r in e["records"]] + records(after)
        assert any(r["id"] == q["id"] and r["value"] == end["value"] and r["source"] == "phone" for r in answered)
    finally:
        driver.quit()
        server.close_all()
        server.shutdown()
        observer.stop()
        server.server_close()


def test_a_refused_answer_leaves_the_choices_that_cannot_be_picked_resting():
    """Radlands' turn lists what cannot be done now greyed with its reason (as the terminal's menu): after an answer
    the computer refuses (here the question moved on meanwhile), those stay unpickable; the others come back."""
    from selenium.webdriver.support.ui import WebDriverWait

    from cli.phones import startup as serve
    from cli.commands.env import Env
    from test_serve_seats import question_waiting

    make_save("radlands", "phone-refused")
    server, board, token = serve.make_server(Env(lang="en", game="phone-refused"), 0, lan=False)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    driver = open_browser(390, 844)
    try:
        seat_token, _, q = question_waiting(server)
        assert any(c["unavailable"] for c in q["choices"]) and any(not c["unavailable"] for c in q["choices"])
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/{seat_token}/")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!document.querySelector('form.question')"))
        resting = "return Array.prototype.map.call(document.querySelectorAll('button.choice'), function (b) { return b.disabled; })"
        before = driver.execute_script(resting)
        assert before == [bool(c["unavailable"]) for c in q["choices"]]
        driver.execute_script("document.querySelector('form.question').setAttribute('data-id', 'radlands.gone')")
        driver.execute_script("Array.prototype.find.call(document.querySelectorAll('button.choice'), function (b) {"
                              " return !b.disabled; }).click()")
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return !document.querySelector('.notice.error').hidden"))
        assert driver.execute_script(resting) == before
    finally:
        driver.quit()
        server.close_all()
        server.shutdown()
        server.server_close()
