"""A real browser at a phone's size reads the served board of every game and sees it change after a step (issue 15).

Headless Chromium and ChromeDriver come from the distribution's packages (`.ci/run` installs them when missing);
the test is skipped, saying why, only where they cannot be had.
"""

from __future__ import annotations

import shutil
import struct
import threading
import zlib

import pytest

from serve_saves import GAMES, make_save, play

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

# a whole-program battery (left out of the quick run, pyproject.toml); a real browser, when there is one
pytestmark = [pytest.mark.battery, pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="needs chromium and chromedriver (apt-get install chromium chromium-driver)")]


def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the raw (filtered) scanlines of a PNG: enough to tell a drawn page from a blank one."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return width, height, zlib.decompress(idat)


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_phone_reads_the_board_and_sees_it_change(browser, game_id, tmp_path):
    import importlib

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from cli.phones import startup as serve
    from cli.commands.env import Env

    name = f"phone-{game_id}"
    session = make_save(game_id, name)
    server, board, token = serve.make_server(Env(lang="en", game=name), 0, lan=False)
    observer = serve._watch(board)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    shots = tmp_path / "shots"
    shots.mkdir()
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/{token}/")
        wait = WebDriverWait(browser, 10)
        wait.until(lambda d: d.execute_script("return document.getElementById('live').textContent") == "live")
        text_of = "var e = document.querySelector(arguments[0]); return e ? e.textContent : '';"
        assert browser.execute_script(text_of, "pre.board").strip(), "the board is drawn"
        first_step = browser.execute_script(text_of, ".step h3")
        assert first_step
        version = browser.find_element(By.TAG_NAME, "body").get_attribute("data-version")
        # the phone looks at the last steps of the log (below the board on a tall picture): that part changes
        show_log = "document.querySelector('.log').scrollIntoView(); return window.scrollY;"
        browser.execute_script(show_log)
        before = shots / "before.png"
        browser.save_screenshot(str(before))
        # one 'play' step of the game, as the table would answer it
        policy = importlib.import_module(f"{game_id}_policy").Policy(11)
        play(session, policy, 1)
        wait.until(lambda d: d.execute_script(text_of, ".step h3") not in ("", first_step))
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-version") != version
        browser.execute_script(show_log)
        after = shots / "after.png"
        browser.save_screenshot(str(after))
        for shot in (before, after):
            width, height, raw = png_pixels(shot.read_bytes())
            assert (width, height) == (780, 1688)  # 390×844 at a pixel ratio of 2: the phone's viewport
            assert shot.stat().st_size > 5000 and len(set(raw[::7])) > 8, f"{shot.name} is not blank"
        assert before.read_bytes() != after.read_bytes()
    finally:
        server.close_all()
        server.shutdown()
        observer.stop()
        server.server_close()
