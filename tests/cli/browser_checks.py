"""Shared by the real-browser tests of 'tabletop serve': a headless Chromium at a device's size, and what a page is
checked for there (no sideways scroll, the board inside the screen, the contrast of every text colour shown)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
SKIP_REASON = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"

#: (width, height) of the devices checked: a phone held upright, a tablet held upright
DEVICES = {"phone": (390, 844), "tablet": (820, 1180)}


def open_browser(width: int, height: int, dark: bool = False, touch: bool = True):
    """A headless Chromium at that size; ``touch=False``: a browser whose scrollbars take room from the page."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}"):
        options.add_argument(arg)
    if touch:
        options.add_experimental_option("mobileEmulation",
                                        {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    return driver


#: every element showing text: its colour against the first opaque background behind it (WCAG 2 ratio)
CONTRASTS = r"""
function rgb(c) { var m = c.match(/[\d.]+/g).map(Number); return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; }
function lum(c) {
  function ch(v) { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
}
function behind(el) {
  for (; el; el = el.parentElement) { var c = rgb(getComputedStyle(el).backgroundColor); if (c.a > 0) return c; }
  return {r: 255, g: 255, b: 255, a: 1};
}
var out = [];
document.querySelectorAll("body *").forEach(function (el) {
  if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") return;
  var own = Array.prototype.some.call(el.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  if (!own) return;
  var fg = rgb(getComputedStyle(el).color), bg = behind(el);
  var a = lum(fg), b = lum(bg);
  var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  out.push({tag: el.tagName, cls: el.className || "", color: getComputedStyle(el).color,
            background: "rgb(" + bg.r + ", " + bg.g + ", " + bg.b + ")", ratio: ratio, text: el.textContent.slice(0, 30)});
});
return out;
"""

SIDEWAYS = """
var pres = Array.prototype.map.call(document.querySelectorAll("pre.board"), function (p) {
  return {scroll: p.scrollWidth, client: p.clientWidth, right: p.getBoundingClientRect().right}; });
return {page: document.documentElement.scrollWidth, viewport: window.innerWidth, boards: pres};
"""


def check_page(driver) -> dict:
    """No sideways scroll, the board inside the screen, every text colour at 4.5:1 or more; the pairs seen."""
    layout = driver.execute_script(SIDEWAYS)
    assert layout["page"] <= layout["viewport"], f"the page scrolls sideways: {layout}"
    for board in layout["boards"]:
        assert board["scroll"] <= board["client"], f"the board scrolls sideways: {layout}"
        assert board["right"] <= layout["viewport"] + 0.5, layout
    seen = driver.execute_script(CONTRASTS)
    assert seen, "text was found on the page"
    low = [s for s in seen if s["ratio"] < 4.5]
    assert not low, f"text under 4.5:1: {low[:5]}"
    return {(s["color"], s["background"]) for s in seen}
