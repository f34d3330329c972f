#!/usr/bin/python3
"""`make bench-peers`: the same grid in CoffeeGrid, GTK 4's GtkGridView and Chromium's CSS grid, side by
side in one run, measured the same way from outside each program.

The workload: N numbered cells (N = 10³ … 10⁶) in 3 columns of a vertical lazy grid, each a rounded
rectangle with its number, in a 1280×800 window on a fresh Xvfb display of its own; every program lays it
out like CoffeeGrid's cells scene (220-px sidebar, 96-px title, 10-px padding, 8-px gaps, 50-px rows).
Each program scrolls itself and prints the same `bench:` lines (see --bench-scroll in CoffeeGrid,
gtk_cells.py and css_cells.html): first-frame, scroll-start, scroll-end, traverse-end.

The figures, identical for every program:
- first frame: spawn → the first cell's colour is on the X screen (polled with XGetImage every 2 ms);
- CPU per frame: CPU time of all the program's processes and threads (the sum of every thread's
  /proc/PID/task/TID/schedstat run time, in ns; the processes are the program's session), sampled every 1/60 s
  while it scrolls at SPEED px/s, per 1/60 s of scrolling; median and p99 (nearest rank). Its X server's
  CPU is reported beside it, not included;
- memory: after jumping through the grid top to bottom (JUMPS frames), the summed PSS (proportional
  set size: shared pages split among the processes sharing them) and the summed RSS of its processes.
"""
import argparse
import ctypes
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH, HEIGHT = 1280, 800
FRAME = 1 / 60
# Where every program draws cell 0 (window = screen, at 0,0), and its colour (CellsScene.color(0)).
PROBE_X, PROBE_Y, PROBE_H = 240, 112, 36
CELL0 = (255, 115, 115)
THREE_COLUMNS = "Array(repeating: GridItem(.flexible()), count: 3)"


# ---------------------------------------------------------------------------------------------------
# Reading the X screen

class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_ubyte)), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]


class Screen:
    """A connection to an X display that reads a few pixels of its root window (what is shown)."""

    def __init__(self, display):
        self.x = ctypes.CDLL("libX11.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XGetImage.restype = ctypes.POINTER(XImage)
        self.x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                     ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.x.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.dpy = self.x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError("cannot open X display " + display)
        self.root = self.x.XDefaultRootWindow(self.dpy)

    def column(self, x, y, h):
        """The pixels of a 1-px column as (r, g, b) tuples (24-bit TrueColor, 32 bits a pixel)."""
        img = self.x.XGetImage(self.dpy, self.root, x, y, 1, h, 0xFFFFFFFF, 2)  # ZPixmap
        if not img:
            return []
        im = img.contents
        out = []
        for row in range(h):
            o = row * im.bytes_per_line
            b, g, r = im.data[o], im.data[o + 1], im.data[o + 2]
            out.append((r, g, b))
        self.x.XDestroyImage(img)
        return out

    def shows_cell0(self):
        px = self.column(PROBE_X, PROBE_Y, PROBE_H)
        near = sum(1 for p in px if all(abs(p[i] - CELL0[i]) <= 12 for i in range(3)))
        return len(px) > 0 and near >= 0.9 * len(px)

    def close(self):
        self.x.XCloseDisplay(self.dpy)


# ---------------------------------------------------------------------------------------------------
# Processes: a session's members, their CPU and memory

def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def session_of(pid):
    s = read("/proc/%d/stat" % pid)
    if not s:
        return None
    return int(s[s.rindex(b")") + 2:].split()[3])


def session_pids(sid):
    pids = []
    for name in os.listdir("/proc"):
        if name.isdigit() and session_of(int(name)) == sid:
            pids.append(int(name))
    return pids


def memory_kb(pids):
    """(summed RSS, summed PSS) in kB."""
    rss = pss = 0
    for pid in pids:
        st = read("/proc/%d/status" % pid)
        m = st and re.search(rb"VmRSS:\s+(\d+)", st)
        if m:
            rss += int(m.group(1))
        sm = read("/proc/%d/smaps_rollup" % pid)
        m = sm and re.search(rb"\nPss:\s+(\d+)", sm)
        if m:
            pss += int(m.group(1))
    return rss, pss


class ThreadClock:
    """Every thread of some processes, each one's /proc/PID/task/TID/schedstat kept open and re-read
    with pread (one system call a thread a sample: sampling Chromium's ~115 threads 60 times a second
    costs ~2 % of a core this way, 13 % opening each file anew)."""

    def __init__(self):
        self.fds = {}  # (pid, tid) -> fd

    def track(self, pid):
        """Opens the threads of pid not tracked yet; returns what they have used so far (ns)."""
        fresh = {}
        try:
            tids = os.listdir("/proc/%d/task" % pid)
        except OSError:
            return fresh
        for tid in tids:
            key = (pid, int(tid))
            if key in self.fds:
                continue
            try:
                self.fds[key] = os.open("/proc/%d/task/%s/schedstat" % (pid, tid), os.O_RDONLY)
            except OSError:
                continue
            v = self.read(key)
            if v is not None:
                fresh[key] = v
        return fresh

    def read(self, key):
        try:
            data = os.pread(self.fds[key], 64, 0)
            return int(data.split()[0]) if data else None
        except (OSError, ValueError, IndexError):
            return None

    def sample(self):
        """{(pid, tid): ns} for every live tracked thread; dead ones are closed and forgotten."""
        out = {}
        for key in list(self.fds):
            v = self.read(key)
            if v is None:
                os.close(self.fds.pop(key))
            else:
                out[key] = v
        return out

    def close(self):
        for fd in self.fds.values():
            os.close(fd)
        self.fds.clear()


class CPUSampler(threading.Thread):
    """Every 1/60 s: the CPU the session (and, apart, the X server) used since the last sample, in ms
    per 1/60 s. A thread counts what it used between two samples; a thread found between them (the
    lists are refreshed every 0.25 s) starts from what it had when found, so a late-found process
    never lands as one burst; a thread that ends between samples loses its last part-interval."""

    def __init__(self, sid, xpid):
        super().__init__(daemon=True)
        self.sid, self.xpid = sid, xpid
        self.samples = []  # (time, program ms per 1/60 s, X server ms per 1/60 s)
        self.stop = threading.Event()

    def run(self):
        program, xserver = ThreadClock(), ThreadClock()
        try:
            self.loop(program, xserver)
        finally:
            program.close()
            xserver.close()

    def loop(self, program, xserver):
        prev = {}
        for pid in session_pids(self.sid):
            prev.update(program.track(pid))
        xprev = dict(xserver.track(self.xpid))
        last = refreshed = time.monotonic()
        next_t = last + FRAME
        while not self.stop.is_set():
            delay = next_t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            next_t += FRAME
            if time.monotonic() - refreshed > 0.25:
                refreshed = time.monotonic()
                for pid in session_pids(self.sid):
                    prev.update(program.track(pid))
                xprev.update(xserver.track(self.xpid))
            cur, xcur = program.sample(), xserver.sample()
            now = time.monotonic()
            used = sum(v - prev.get(k, v) for k, v in cur.items())
            xused = sum(v - xprev.get(k, v) for k, v in xcur.items())
            dt = now - last
            if dt > 0:
                scale = FRAME / dt / 1e6
                self.samples.append((now, used * scale, xused * scale))
            prev, xprev, last = cur, xcur, now
            if next_t < now:
                next_t = now + FRAME  # fell behind (a loaded machine): do not burst


def percentile(values, p):
    """Nearest-rank percentile: the smallest value with at least p % of the values at or below it."""
    if not values:
        return None
    v = sorted(values)
    return v[max(0, math.ceil(p / 100 * len(v)) - 1)]


# ---------------------------------------------------------------------------------------------------
# The programs

def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


def programs(args, n):
    """name → (argv, environment changes, None) or (None, None, why it cannot start)."""
    scroll = dict(speed=args.speed, seconds=args.seconds, jumps=args.jumps, settle=args.settle)
    out = {}
    cg = os.path.abspath(args.coffeegrid)
    if os.access(cg, os.X_OK):
        out["coffeegrid"] = ([cg, "--scene", "cells", "--items", str(n), "--columns", THREE_COLUMNS,
                              "--size", "%dx%d" % (WIDTH, HEIGHT),
                              "--bench-scroll", "{speed:g},{seconds:g},{jumps},{settle:g}".format(**scroll)],
                             {"SDL_VIDEODRIVER": "x11"}, None)
    else:
        out["coffeegrid"] = (None, None, "no executable at " + cg)
    gtk_ok = subprocess.run(["/usr/bin/python3", "-c", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk"],
                            capture_output=True, text=True) if os.path.exists("/usr/bin/python3") else None
    gtk_why = None if gtk_ok and gtk_ok.returncode == 0 else (
        "python3 with GTK 4 bindings not found: " + ((gtk_ok.stderr.strip().splitlines() or ["?"])[-1] if gtk_ok else "no /usr/bin/python3"))
    gtk_argv = ["/usr/bin/python3", os.path.join(HERE, "gtk_cells.py"), "--items", str(n)] + \
        ["--%s=%s" % (k, v) for k, v in scroll.items()]
    out["gtk-gl"] = (gtk_argv if not gtk_why else None, {"GDK_BACKEND": "x11", "GSK_RENDERER": None}, gtk_why)
    out["gtk-cairo"] = (gtk_argv if not gtk_why else None, {"GDK_BACKEND": "x11", "GSK_RENDERER": "cairo"}, gtk_why)
    chromium = find_chromium()
    for mode in ("virtual", "plain"):
        if not chromium:
            out["chromium-" + mode] = (None, None, "chromium not found on PATH")
            continue
        url = "file://%s?n=%d&mode=%s&speed=%g&seconds=%g&jumps=%d&settle=%g" % (
            os.path.join(HERE, "css_cells.html"), n, mode, args.speed, args.seconds, args.jumps, args.settle)
        argv = [chromium, "--kiosk", "--window-position=0,0", "--window-size=%d,%d" % (WIDTH, HEIGHT),
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
                "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                "--password-store=basic", "--enable-logging=stderr", "--v=0", "--user-data-dir={profile}", url]
        if os.geteuid() == 0:
            argv.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        out["chromium-" + mode] = (argv, {}, None)
    return out


BENCH_LINE = re.compile(r"bench: ([a-z-]+)(.*?)(?:\"|$)")


class Run:
    """One program at one N on its own Xvfb."""

    def __init__(self, name, n, argv, env_changes, args, home=None):
        """home: a directory to use as HOME (and for the XDG_* dirs) and leave in place at close, so a
        second run can start from what the first left (the photos suite's warm run); None: a fresh one,
        removed at close."""
        self.name, self.n, self.args = name, n, args
        self.result = {"program": name, "items": n}
        self.keep_home = home is not None
        self.tmp = home or tempfile.mkdtemp(prefix="bench-peers-")
        self.argv = [a.replace("{profile}", os.path.join(self.tmp, "profile")) for a in argv]
        self.env = dict(os.environ)
        for k, v in env_changes.items():
            if v is None:
                self.env.pop(k, None)
            else:
                self.env[k] = v
        self.env["XDG_STATE_HOME"] = os.path.join(self.tmp, "state")
        self.env["XDG_CONFIG_HOME"] = os.path.join(self.tmp, "config")
        self.env["XDG_CACHE_HOME"] = os.path.join(self.tmp, "cache")
        self.env["HOME"] = self.tmp  # nobody's settings, caches or crash reports leak in or out
        self.lines = []  # (time, event, rest)
        self.lock = threading.Condition()
        self.xvfb = self.proc = None

    def start_x(self):
        n = 140
        while os.path.exists("/tmp/.X11-unix/X%d" % n) or os.path.exists("/tmp/.X%d-lock" % n):
            n += 1
        self.display = ":%d" % n
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "%dx%dx24" % (WIDTH, HEIGHT), "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while not os.path.exists("/tmp/.X11-unix/X%d" % n):
            if time.monotonic() > deadline or self.xvfb.poll() is not None:
                raise RuntimeError("Xvfb did not start on " + self.display)
            time.sleep(0.02)
        self.screen = Screen(self.display)
        self.env["DISPLAY"] = self.display
        # A session bus, as on any desktop: without one GTK and Chromium start a bus of their own
        # (dbus-launch) inside the measured session. The bus is the desktop's cost, not counted.
        self.bus = None
        if shutil.which("dbus-daemon"):
            self.bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=self.env)
            address = self.bus.stdout.readline().decode().strip()
            if address:
                self.env["DBUS_SESSION_BUS_ADDRESS"] = address
                self.start_portal()

    def start_portal(self):
        """The desktop portal (appearance, reduce motion) running on the bus before the launch, as in a
        logged-in session, where the first program that asked started it long ago. Without this every
        launch on a fresh bus paid the portal's own start (~90 ms for CoffeeGrid, which waits for its
        appearance answer so its first frame is not light and then dark; GTK reads it too). Where no
        portal is installed the call fails at once and nothing changes."""
        if not shutil.which("dbus-send"):
            return
        subprocess.run(["dbus-send", "--session", "--print-reply", "--reply-timeout=5000",
                        "--dest=org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                        "org.freedesktop.portal.Settings.Read", "string:org.freedesktop.appearance", "string:color-scheme"],
                       env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)

    def reader(self, stream):
        for raw in stream:
            line = raw.decode(errors="replace")
            self.tail.append(line.rstrip()[:300])
            del self.tail[:-20]
            m = BENCH_LINE.search(line)
            if m:
                with self.lock:
                    self.lines.append((time.monotonic(), m.group(1), m.group(2).strip()))
                    self.lock.notify_all()

    def seen(self, event):
        with self.lock:
            for t, e, rest in self.lines:
                if e == event:
                    return t, rest
        return None, None

    def wait_line(self, event, timeout):
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for t, e, rest in self.lines:
                    if e == event:
                        return t, rest
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    return None, None
                self.lock.wait(min(left, 0.1))

    def fail(self, why):
        self.result["status"] = why
        if self.tail:
            self.result["log_tail"] = self.tail[-5:]
        return self.result

    def go(self):
        self.tail = []
        self.start_x()
        t_spawn = time.monotonic()
        self.proc = subprocess.Popen(self.argv, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        threading.Thread(target=self.reader, args=(self.proc.stdout,), daemon=True).start()
        # First frame: poll the screen.
        deadline = t_spawn + self.args.timeout
        while True:
            if self.screen.shows_cell0():
                t_first = time.monotonic()
                break
            if self.proc.poll() is not None:
                return self.fail("exited with code %d before its first frame" % self.proc.returncode)
            if time.monotonic() > deadline:
                return self.fail("no first frame within %g s" % self.args.timeout)
            said, _ = self.seen("first-frame")
            if said is not None and time.monotonic() - said > 20:
                return self.fail("says it drew its first frame, but cell 0 is not at (%d, %d) on the screen" % (PROBE_X, PROBE_Y))
            time.sleep(0.002)
        self.result["first_frame_ms"] = (t_first - t_spawn) * 1000
        sampler = CPUSampler(self.proc.pid, self.xvfb.pid)
        sampler.start()
        try:
            t0, _ = self.wait_line("scroll-start", self.args.timeout)
            if t0 is None:
                return self.fail("never started scrolling")
            t1, rest = self.wait_line("scroll-end", self.args.seconds + 60)
            if t1 is None:
                return self.fail("did not finish scrolling")
            frames = int(re.search(r"frames=(\d+)", rest).group(1))
            t2, rest2 = self.wait_line("traverse-end", self.args.timeout)
            if t2 is None:
                return self.fail("did not reach the end of the grid")
        finally:
            sampler.stop.set()
            sampler.join()
        window = [s for s in sampler.samples if t0 + 0.25 <= s[0] <= t1 - 0.05]
        cpu = [s[1] for s in window]
        xcpu = [s[2] for s in window]
        self.result.update({
            "cpu_frame_median_ms": percentile(cpu, 50), "cpu_frame_p99_ms": percentile(cpu, 99),
            "cpu_frame_mean_ms": sum(cpu) / len(cpu) if cpu else None, "cpu_samples": len(cpu),
            "xserver_cpu_frame_median_ms": percentile(xcpu, 50), "xserver_cpu_frame_p99_ms": percentile(xcpu, 99),
            "scroll_fps": frames / self.args.seconds,
            # The same CPU spread over the frames actually drawn (differs from the above when a program
            # draws more, or fewer, than 60 frames a second).
            "cpu_per_drawn_frame_mean_ms": (sum(cpu) / len(cpu)) * 60 / (frames / self.args.seconds) if cpu and frames else None,
            "traverse": rest2,
        })
        m = re.search(r"offset=(\d+) max=(\d+)", rest2)
        if m and abs(int(m.group(1)) - int(m.group(2))) > 2:
            self.result["traverse_note"] = "did not reach the end"
        time.sleep(1.0)
        rss, pss = memory_kb(session_pids(self.proc.pid))
        self.result["rss_mb"], self.result["pss_mb"] = rss / 1024, pss / 1024
        members = session_pids(self.proc.pid)
        self.result["processes"] = sorted((read("/proc/%d/comm" % p) or b"?").decode().strip() for p in members)
        self.result["status"] = "ok"
        return self.result

    def close(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        if self.proc:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # whatever of its session is left
            except ProcessLookupError:
                pass
            self.proc.wait()
        if getattr(self, "screen", None):
            self.screen.close()
        if getattr(self, "bus", None):
            self.bus.terminate()
            self.bus.wait()
        if self.xvfb:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(5)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()
                self.xvfb.wait()
        if not self.keep_home:
            shutil.rmtree(self.tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------------------
# Report

FIGURES = [("first_frame_ms", "first frame", "ms", "{:.0f}"), ("cpu_frame_median_ms", "CPU/frame median", "ms", "{:.2f}"),
           ("cpu_frame_p99_ms", "CPU/frame p99", "ms", "{:.2f}"), ("pss_mb", "memory (PSS)", "MB", "{:.0f}"),
           ("rss_mb", "memory (RSS)", "MB", "{:.0f}")]


def fmt(v, f):
    return f.format(v) if isinstance(v, (int, float)) else "—"


def report(results, sizes, names):
    by = {(r["program"], r["items"]): r for r in results}
    lines = []
    lines.append("| N | program | first frame (ms) | CPU/frame median (ms) | CPU/frame p99 (ms) | memory PSS (MB) | memory RSS (MB) | frames/s | CPU/drawn frame (ms) | X server CPU/frame (ms) |")
    lines.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        cg = by.get(("coffeegrid", n), {})
        for name in names:
            r = by.get((name, n))
            if not r:
                continue
            if r.get("status") != "ok":
                first = ("%s" % fmt(r.get("first_frame_ms"), "{:.0f}")) if "first_frame_ms" in r else "—"
                lines.append("| %s | %s | %s | %s |  |  |  |  |  |  |" % (label(n), name, first, "**" + r.get("status", "?") + "**"))
                continue
            cells = []
            for key, _, _, f in FIGURES:
                v = r.get(key)
                c = cg.get(key) if cg.get("status") == "ok" or key == "first_frame_ms" else None
                s = fmt(v, f)
                if name != "coffeegrid" and isinstance(v, (int, float)) and isinstance(c, (int, float)) and c > 0:
                    s += " (%.1f×)" % (v / c)
                cells.append(s)
            lines.append("| %s | %s | %s | %.0f | %s | %s |" % (label(n), name, " | ".join(cells), r["scroll_fps"],
                                                                fmt(r.get("cpu_per_drawn_frame_mean_ms"), "{:.2f}"),
                                                                fmt(r.get("xserver_cpu_frame_median_ms"), "{:.2f}")))
    return "\n".join(lines)


def label(n):
    e = int(round(math.log10(n))) if n > 0 else 0
    return "10" + str(e).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")) if 10 ** e == n else str(n)


def goals(results, sizes):
    """The issue's three goals, each: (text, met or not or None when it could not be judged)."""
    by = {(r["program"], r["items"]): r for r in results}

    def best_peer(n, key):
        vals = [(r[key], r["program"]) for r in results if r["items"] == n and r["program"] != "coffeegrid"
                and r.get("status") == "ok" and isinstance(r.get(key), (int, float))]
        return min(vals) if vals else (None, None)

    out = []
    top = max(sizes)
    cg = by.get(("coffeegrid", top), {})
    peer, who = best_peer(top, "first_frame_ms")
    if cg.get("status") == "ok" and peer:
        ratio = peer / cg["first_frame_ms"]
        out.append(("first frame at %s ≥ 4× sooner than the best peer (%s): %.1f×" % (label(top), who, ratio), ratio >= 4))
    for n in sizes:
        cg = by.get(("coffeegrid", n), {})
        peer, who = best_peer(n, "cpu_frame_p99_ms")
        if cg.get("status") == "ok" and peer:
            ratio = peer / cg["cpu_frame_p99_ms"]
            out.append(("p99 CPU/frame at %s ≥ 2× lower than the best peer (%s): %.1f×" % (label(n), who, ratio), ratio >= 2))
    cg = by.get(("coffeegrid", top), {})
    for key, what in (("pss_mb", "PSS"), ("rss_mb", "RSS")):
        peer, who = best_peer(top, key)
        if cg.get("status") == "ok" and peer:
            out.append(("memory (%s) at %s ≤ half the best peer's (%s): %.0f vs %.0f MB" % (what, label(top), who, cg[key], peer),
                        cg[key] <= peer / 2))
    return out


def main():
    # `--suite photos` (photo viewers on a folder of camera JPEGs) is Peers/photos_peers.py; the
    # default suite, `cells`, is this file's.
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--suite", choices=("cells", "photos"), default="cells")
    known, rest = pre.parse_known_args()
    if known.suite == "photos":
        sys.path.insert(0, HERE)
        import photos_peers
        return photos_peers.main(rest)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", choices=("cells", "photos"), default="cells",
                    help="cells (default: this grid in every program) or photos (photo viewers: Peers/photos_peers.py)")
    ap.add_argument("--coffeegrid", default=os.path.join(HERE, "..", ".build", "release", "coffeegrid"))
    ap.add_argument("--items", default="1000,10000,100000,1000000")
    ap.add_argument("--programs", default="coffeegrid,gtk-gl,gtk-cairo,chromium-virtual,chromium-plain")
    ap.add_argument("--speed", type=float, default=1200, help="steady scroll speed, px/s (default 1200: 20 px a frame)")
    ap.add_argument("--seconds", type=float, default=8, help="how long the steady scroll lasts")
    ap.add_argument("--jumps", type=int, default=240, help="frames to jump through the grid top to bottom")
    ap.add_argument("--settle", type=float, default=1.5, help="seconds between the first frame and the scroll")
    ap.add_argument("--timeout", type=float, default=240, help="seconds a program may take to show its first frame")
    ap.add_argument("--json", help="write every figure here")
    ap.add_argument("--markdown", help="write the table here")
    args = ap.parse_args()
    sizes = [int(s) for s in args.items.split(",")]
    names = args.programs.split(",")
    if not shutil.which("Xvfb"):
        sys.exit("bench-peers: Xvfb is not installed")
    load = os.getloadavg()
    print("bench-peers: %d programs × %d sizes, one run, side by side; load average %.2f %.2f %.2f" % ((len(names), len(sizes)) + load),
          flush=True)
    results = []
    for n in sizes:
        table = programs(args, n)
        for name in names:
            argv, env, why = table[name]
            if why:
                r = {"program": name, "items": n, "status": "cannot start: " + why}
            else:
                run = Run(name, n, argv, env, args)
                try:
                    r = run.go()
                except Exception as e:  # a harness problem is a result too, not a lost run
                    r = {"program": name, "items": n, "status": "harness error: %s" % e}
                finally:
                    run.close()
            results.append(r)
            brief = {k: (round(v, 2) if isinstance(v, float) else v) for k, v in r.items() if k not in ("log_tail",)}
            print("bench-peers:", json.dumps(brief), flush=True)
    table = report(results, sizes, names)
    verdicts = goals(results, sizes)
    text = table + "\n\n" + "\n".join("- %s %s" % (t, "✓ met" if ok else "✗ missed") for t, ok in verdicts)
    print("\n" + text)
    meta = {"load_before": load, "load_after": os.getloadavg(), "speed_px_s": args.speed, "seconds": args.seconds,
            "jumps": args.jumps, "window": [WIDTH, HEIGHT]}
    write_report(args, meta, results, verdicts, text)



def write_report(args, meta, results, verdicts, text):
    """Every figure to --json (with the run's meta and the goals), the printed tables to --markdown."""
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "results": results, "goals": [{"goal": t, "met": ok} for t, ok in verdicts]}, f, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")

if __name__ == "__main__":
    main()
