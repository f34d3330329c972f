#!/usr/bin/env python3
"""The `make bench-peers` workload in GTK 4: N numbered cells, 3 columns of a GtkGridView, in a 1280×800
window laid out like CoffeeGrid's cells scene (a 220-px sidebar, a 96-px title bar, the grid below:
10 px padding, 8 px gaps, 50-px rows, 8-px corners). The model is lazy (an item object is made only when
GTK asks for one) and GtkGridView recycles its cell widgets: GTK's own lazy grid.

It prints the same `bench:` lines as CoffeeGrid's --bench-scroll: first-frame, then after SETTLE seconds
scroll-start, a steady scroll at SPEED px/s for SECONDS (offset = SPEED × frame time, from the frame
clock), scroll-end frames=F, then JUMPS frames each jumping 1/JUMPS of the way to the end, traverse-end.
"""
import argparse
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, GObject, Gtk  # noqa: E402


def say(line):
    print("bench: " + line, flush=True)


def cell_rgb(i):
    """CoffeeGrid's CellsScene.color: a hue wheel that turns once every 120 cells."""
    h = (i % 120) / 120

    def k(n):
        t = (n + h * 6) % 6
        return 1 - 0.55 * max(0.0, min(1.0, min(t, 4 - t)))

    return tuple(int(round(k(n) * 255)) for n in (5, 3, 1))


class Cells(GObject.Object, Gio.ListModel):
    """N items, none stored: get_item makes the one asked for."""

    def __init__(self, n):
        super().__init__()
        self.n = n

    def do_get_item_type(self):
        return Gtk.StringObject.__gtype__

    def do_get_n_items(self):
        return self.n

    def do_get_item(self, i):
        return Gtk.StringObject.new(str(i)) if 0 <= i < self.n else None


CSS = """
window, .content { background: #ffffff; }
.sidebar { background: #f2f2f7; }
.sidebar-title { font-size: 20px; font-weight: 700; padding: 18px 20px; }
.title { font-size: 36px; font-weight: 700; padding: 0 16px; }
gridview { background: #ffffff; padding: 6px; }
gridview > child { padding: 4px; background: none; outline: none; box-shadow: none; }
.cell { min-height: 50px; border-radius: 8px; font-size: 12px; font-weight: 600; color: rgba(0,0,0,0.6); }
""" + "".join(".h%d { background: rgb(%d,%d,%d); }\n" % ((i,) + cell_rgb(i)) for i in range(120))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int, required=True)
    ap.add_argument("--speed", type=float, default=1200)
    ap.add_argument("--seconds", type=float, default=8)
    ap.add_argument("--jumps", type=int, default=240)
    ap.add_argument("--settle", type=float, default=1.5)
    a = ap.parse_args()

    app = Gtk.Application(application_id=None, flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(app):
        provider = Gtk.CssProvider()
        provider.load_from_data(CSS.encode())
        win = Gtk.ApplicationWindow(application=app, title="GTK GridView cells")
        Gtk.StyleContext.add_provider_for_display(win.get_display(), provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
        win.set_default_size(1280, 800)
        win.set_decorated(False)

        def setup(_f, item):
            label = Gtk.Label()
            label.add_css_class("cell")
            label.hue = None
            item.set_child(label)

        def bind(_f, item):
            label = item.get_child()
            i = item.get_position()
            label.set_label(str(i))
            hue = "h%d" % (i % 120)
            if label.hue != hue:
                if label.hue:
                    label.remove_css_class(label.hue)
                label.add_css_class(hue)
                label.hue = hue

        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", setup)
        factory.connect("bind", bind)
        grid = Gtk.GridView(model=Gtk.NoSelection(model=Cells(a.items)), factory=factory)
        grid.set_min_columns(3)
        grid.set_max_columns(3)
        scroller = Gtk.ScrolledWindow(vexpand=True, hexpand=True)
        scroller.set_child(grid)

        sidebar = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        sidebar.set_size_request(220, -1)
        sidebar.add_css_class("sidebar")
        sidebar.append(Gtk.Label(label="GTK GridView", xalign=0, css_classes=["sidebar-title"]))
        content = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, css_classes=["content"])
        header = Gtk.Label(label="Cells", xalign=0, valign=Gtk.Align.END, css_classes=["title"])
        header.set_size_request(-1, 96)
        content.append(header)
        content.append(scroller)
        root = Gtk.Box(orientation=Gtk.Orientation.HORIZONTAL)
        root.append(sidebar)
        root.append(content)
        win.set_child(root)

        adj = scroller.get_vadjustment()
        state = {"phase": "first", "frames": 0, "t0": None, "k": 0}
        clock_holder = {}

        def after_paint(clock):
            st = state
            if st["phase"] == "first":
                st["phase"] = "settle"
                say("first-frame")
                GLib.timeout_add(int(a.settle * 1000), start_scroll)
            elif st["phase"] in ("scroll", "traverse"):
                st["frames"] += 1

        def start_scroll():
            state["phase"] = "scroll"
            state["frames"] = 0
            say("scroll-start")
            grid.add_tick_callback(tick)
            return False

        def tick(widget, clock):
            st = state
            now = clock.get_frame_time() / 1e6
            if st["phase"] == "scroll":
                if st["t0"] is None:
                    st["t0"] = now
                    st["from"] = adj.get_value()
                elapsed = now - st["t0"]
                if elapsed < a.seconds:
                    adj.set_value(st["from"] + a.speed * elapsed)
                    return True
                say("scroll-end frames=%d" % st["frames"])
                st["phase"] = "traverse"
                st["frames"] = 0
                # This frame already makes the first jump: every traverse frame moves.
            if st["phase"] == "traverse":
                if st["k"] >= a.jumps:
                    say("traverse-end frames=%d offset=%d max=%d" % (st["frames"], adj.get_value(), adj.get_upper() - adj.get_page_size()))
                    st["phase"] = "done"
                    return False
                st["k"] += 1
                adj.set_value((adj.get_upper() - adj.get_page_size()) * st["k"] / a.jumps)
                return True
            return False

        def mapped(_w):
            clock = win.get_frame_clock()
            clock_holder["c"] = clock
            clock.connect("after-paint", after_paint)

        win.connect("map", mapped)
        win.present()

    app.connect("activate", activate)
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
