#!/usr/bin/python3
"""Checks of the photos suite that need no display: `/usr/bin/python3 -m unittest discover -s Peers`."""
import ctypes
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import photos_peers as pp  # noqa: E402


def fake_grabber():
    """A Grabber whose 'screen' is a buffer the test paints."""
    g = object.__new__(pp.Grabber)
    g.libc = ctypes.CDLL(None)
    g.libc.memcmp.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    g.libc.memcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
    g.shm = None
    g.bpl = pp.WIDTH * 4
    g.size = g.bpl * pp.HEIGHT
    g.prev = ctypes.create_string_buffer(g.size)
    g.have_prev = False
    g.log_rows = True
    g.last_rows = None
    screen = ctypes.create_string_buffer(g.size)
    g.read = lambda: ctypes.addressof(screen)
    return g, screen


def paint(screen, x, y):
    screen[(y * pp.WIDTH + x) * 4] = (screen[(y * pp.WIDTH + x) * 4][0] + 1) % 256


class GrabberTests(unittest.TestCase):
    def test_changes_inside_a_mask_count_for_the_whole_window_only(self):
        g, screen = fake_grabber()
        masks = [(680, 746, 820, 800)]
        self.assertEqual(g.changes(masks), (True, True))  # the first read
        self.assertEqual(g.changes(masks), (False, False))
        paint(screen, 700, 760)  # in the mask
        self.assertEqual(g.changes(masks), (False, True))
        self.assertEqual(g.last_rows, (760, 760))
        paint(screen, 679, 760)  # beside it, on the same row
        self.assertEqual(g.changes(masks), (True, True))
        paint(screen, 5, 10)  # above it
        self.assertEqual(g.changes(masks), (True, True))
        paint(screen, 0, 799)  # a whole-width mask at the bottom (nsxiv's bar)
        self.assertEqual(g.changes([(0, 780, pp.WIDTH, pp.HEIGHT)]), (False, True))
        paint(screen, 1279, 779)
        self.assertEqual(g.changes([(0, 780, pp.WIDTH, pp.HEIGHT)]), (True, True))


def row(photos, cold, warm, p99):
    base = dict(status="ok", photos_shown=photos, cpu_to_first_screen_ms=1, whole_window_still_ms=1)
    c = dict(base, first_screen_ms=cold, first_screen_ms_per_photo=cold / photos)
    w = dict(base, first_screen_ms=warm, first_screen_ms_per_photo=warm / photos, cpu_frame_p99_ms=p99,
             cpu_frame_p99_ms_per_photo=p99 / photos, cpu_frame_median_ms=1, first_pass_cpu_frame_p99_ms=p99,
             cpu_60hz_median_ms=1, cpu_60hz_p99_ms=1, first_pass_scroll_fps=60, scroll_fps=60, rss_mb=1, pss_mb=1)
    return {"cold": c, "warm": w}


class ReportTests(unittest.TestCase):
    def test_goals_compare_per_photo_with_the_best_peer(self):
        # ms a photo, cold: 11, 25, 20; warm: 3, 10, 5; scroll p99 a photo: 0.05, 0.25, 0.15.
        rows = {"coffeegrid": row(10, 110, 30, 0.5), "nsxiv": row(40, 1000, 400, 10), "gthumb": row(20, 400, 100, 3)}
        verdicts = pp.goals(rows)
        self.assertEqual(len(verdicts), 3)
        self.assertIn("(gthumb)", verdicts[0][0])
        self.assertFalse(verdicts[0][1])  # 20 / 11 = 1.8×, not 2×
        rows["coffeegrid"]["cold"]["first_screen_ms_per_photo"] = 10
        self.assertTrue(pp.goals(rows)[0][1])  # 2.0×
        self.assertIn("(gthumb)", verdicts[1][0])
        self.assertFalse(verdicts[1][1])  # 5 / 3 = 1.7×, not 3×
        self.assertIn("(gthumb)", verdicts[2][0])
        self.assertTrue(verdicts[2][1])  # 0.05 ≤ 0.15 / 2

    def test_every_row_has_the_header_s_columns(self):
        rows = {"coffeegrid": row(4, 100, 50, 2), "nsxiv": {"status": "cannot run here: nsxiv not found"},
                "gthumb": {"cold": dict(row(24, 1, 1, 1)["cold"]), "warm": {"status": "harness error: x"}}}
        tables = pp.report(rows, ["coffeegrid", "nsxiv", "gthumb"]).split("\n\n")
        self.assertEqual(len(tables), 2)
        for table in tables:
            lines = table.splitlines()
            self.assertEqual(len(lines), 5)
            self.assertEqual(len({line.count("|") for line in lines}), 1, lines)


class CommandLineTests(unittest.TestCase):
    def test_the_suites_are_chosen_by_suite(self):
        here = os.path.dirname(os.path.abspath(__file__))
        photos = subprocess.run([sys.executable, os.path.join(here, "bench_peers.py"), "--suite", "photos", "--help"],
                                capture_output=True, text=True)
        self.assertEqual(photos.returncode, 0)
        self.assertIn("--notches", photos.stdout)
        cells = subprocess.run([sys.executable, os.path.join(here, "bench_peers.py"), "--help"], capture_output=True, text=True)
        self.assertEqual(cells.returncode, 0)
        self.assertIn("--items", cells.stdout)


if __name__ == "__main__":
    unittest.main()
