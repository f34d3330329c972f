#!/usr/bin/python3
"""`make bench-peers PEERS_ARGS="--suite photos"`: CoffeeGrid beside the photo viewers people use on
Linux for a folder of camera pictures, nsxiv (thumbnail mode, `nsxiv -t`) and gThumb (its browser), in
one run, measured the same way from outside each program. Run through Peers/bench_peers.py, whose
helpers (Xvfb and session bus, the program's session, CPU and memory from /proc) it uses.

The workload: one folder of COUNT camera JPEGs (4000×3000, some stored sideways with their EXIF
orientation, EXIF capture times; made once by `coffeegrid bench-child camera-photos`, the generator of
CoffeeGrid's own `make bench` photos, and kept under .build/), opened by each program at its default
thumbnail view in a 1280×800 window on a fresh Xvfb display of its own, with HOME and XDG_* under a
temporary directory (nobody's settings or caches). The folder's files are read before every run, so
every run reads them from the page cache, not the disk.

The figures, identical for every program:
- first full screen, cold (a fresh XDG_CACHE_HOME: no thumbnail cache, nsxiv's own under
  XDG_CACHE_HOME/nsxiv included) and warm (a second launch with the HOME, caches and settings the cold
  run left): the whole screen is read with XShmGetImage (MIT-SHM; plain XGetImage without it) every
  ~10 ms from spawn; the figure is the time of the last change before the photo area stays unchanged for
  QUIET s (1 s), watched CONFIRM s more (a change then means it was not done, and the clock runs on).
  The photo area is the window less what is not photos but a transient note or a progress count
  (nsxiv's bar, CoffeeGrid's "200 photos" toast: GEOMETRY's masks). Beside it: the whole window's last
  change (nsxiv's bar stops when every thumbnail of the folder is cached), and the
  CPU time the program used until the first-screen change (utime+stime from /proc/PID/stat, summed
  over the processes of its session, sampled at every change of the screen);
- photos shown: how many photos that first screen shows (a photo with any pixels on it counts), from
  each program's grid geometry at 1280×800 (see GEOMETRY below; --shots saves the screens to check it);
- scroll (warm run, after its first screen): the same xdotool wheel sequence for every program, the
  pointer over the photos: NOTCHES wheel notches down then NOTCHES up, one every NOTCH_MS, ROUNDS times
  (15, 50 ms, 3: 4.5 s, within every program's scroll range), run twice: the first pass brings photos
  into view the first screen did not show; the second ("again", the goals' figures) scrolls past photos
  every program has seen. Frames are counted from outside: a frame is a change of the photo area seen by
  the grabber, from the first notch to 0.5 s after the last (frames/s: a lower bound when a program
  draws faster than the grabber reads; a frame drawn in two steps the grabber sees apart counts twice).
  CPU a frame = the CPU all the program's threads used (schedstat, as the cells suite) from the frame
  before to this one, read at each change: median and p99 (nearest rank). Beside it, the cells suite's
  CPU a 1/60 s (bench_peers.CPUSampler) over the same time, which is lower for a program that draws
  fewer frames;
- memory after both passes: summed RSS and PSS of the program's processes.
The goals (issue 25) compare figures per photo shown: first screen ms / photos, p99 CPU / photos.
"""
import argparse
import ctypes
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

import bench_peers as bp

HERE = bp.HERE
WIDTH, HEIGHT = bp.WIDTH, bp.HEIGHT
# Where the pointer sits while the wheel turns: over the photos in every program's window.
POINTER = (760, 450)

# How many photos each program's first screen shows at 1280×800, from its grid geometry (checked on the
# screens --shots saves), and the parts of the window that are not photos but a transient note or a
# progress count (masks, x0 y0 x1 y1): left out of the first-screen clock, kept in the whole window's.
GEOMETRY = {
    # The Photos scene opens a folder in as many columns as 250-pt photos fit: four at 1280 (beside the
    # sidebar's 220 px), 254 × 100-px tiles + 10-px gaps from y = 142 (under the title and the code
    # strip): rows at 142, 252, 362, 472, 582, 692 (the 7th would start at 802).
    # Mask: its "200 photos" toast, centred at the bottom of the grid, gone 2 s after the launch.
    "coffeegrid": dict(photos=24, mask=[(680, 746, 820, 800)], how="4 columns × 6 rows of 254×100-px tiles"),
    # nsxiv 31's thumbnail mode: 128-px thumbnails in 140-px cells (128 + 2 × (3-px border + 3)),
    # cols = 1280 / 140, rows = (800 - 20-px bar) / 140. Mask: the bar ("Caching... N" while it makes
    # the thumbnails of the whole folder, off screen ones too).
    "nsxiv": dict(photos=45, mask=[(0, 780, WIDTH, HEIGHT)], how="9 columns × 5 rows of 140-px cells above its 20-px bar"),
    # gThumb 3.12's browser: 128-px thumbnails in 165 × 160-px cells right of its 290-px folder tree,
    # 6 columns × 4 rows in the ~680-px tall file list. A 5th row's cells reach 15 px into it (rows
    # 753-767): gThumb makes those 6 thumbnails too, their grey placeholders show there meanwhile, but
    # the finished landscape thumbnails sit lower in their cells and show no pixel: not counted.
    "gthumb": dict(photos=24, mask=[], how="6 columns × 4 rows of 165×160-px cells beside its folder tree"),
}


# ---------------------------------------------------------------------------------------------------
# Reading the whole screen quickly

class ShmSegment(ctypes.Structure):
    _fields_ = [("shmseg", ctypes.c_ulong), ("shmid", ctypes.c_int), ("shmaddr", ctypes.c_void_p), ("readOnly", ctypes.c_int)]


class Grabber:
    """The root window read whole into one buffer, compared with the last read: which rows changed.
    XShmGetImage (~2.5 ms a 1280×800 read here, most of it the X server's copy) when the display has
    MIT-SHM, else XGetImage (~4.5 ms)."""

    def __init__(self, screen):
        self.s = screen
        x = screen.x
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.libc.memcmp.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
        self.libc.memcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
        self.libc.memcpy.restype = ctypes.c_void_p
        self.img = None
        self.shm = None
        try:
            xe = ctypes.CDLL("libXext.so.6")
            xe.XShmQueryExtension.argtypes = [ctypes.c_void_p]
            if xe.XShmQueryExtension(screen.dpy):
                x.XDefaultVisual.restype = ctypes.c_void_p
                x.XDefaultVisual.argtypes = [ctypes.c_void_p, ctypes.c_int]
                x.XDefaultDepth.argtypes = [ctypes.c_void_p, ctypes.c_int]
                x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
                xe.XShmCreateImage.restype = ctypes.POINTER(bp.XImage)
                xe.XShmCreateImage.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_void_p,
                                               ctypes.POINTER(ShmSegment), ctypes.c_uint, ctypes.c_uint]
                xe.XShmAttach.argtypes = [ctypes.c_void_p, ctypes.POINTER(ShmSegment)]
                xe.XShmDetach.argtypes = [ctypes.c_void_p, ctypes.POINTER(ShmSegment)]
                xe.XShmGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(bp.XImage), ctypes.c_int,
                                            ctypes.c_int, ctypes.c_ulong]
                self.libc.shmget.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_int]
                self.libc.shmat.restype = ctypes.c_void_p
                self.libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
                self.libc.shmdt.argtypes = [ctypes.c_void_p]
                self.libc.shmctl.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
                seg = ShmSegment()
                img = xe.XShmCreateImage(screen.dpy, x.XDefaultVisual(screen.dpy, 0), x.XDefaultDepth(screen.dpy, 0), 2, None,
                                         ctypes.byref(seg), WIDTH, HEIGHT)
                if img:
                    size = img.contents.bytes_per_line * HEIGHT
                    seg.shmid = self.libc.shmget(0, size, 0o1600)  # IPC_PRIVATE, IPC_CREAT | 0600
                    seg.shmaddr = self.libc.shmat(seg.shmid, None, 0)
                    img.contents.data = ctypes.cast(seg.shmaddr, ctypes.POINTER(ctypes.c_ubyte))
                    ok = xe.XShmAttach(screen.dpy, ctypes.byref(seg))
                    x.XSync(screen.dpy, 0)
                    self.libc.shmctl(seg.shmid, 0, None)  # IPC_RMID: gone once both sides detach
                    if ok:
                        self.xe, self.shm, self.img, self.size = xe, seg, img, size
                        self.bpl = img.contents.bytes_per_line
        except OSError:
            pass
        if not self.shm:
            self.bpl = WIDTH * 4
            self.size = self.bpl * HEIGHT
        self.prev = ctypes.create_string_buffer(self.size)
        self.have_prev = False
        self.log_rows = True  # changes() notes the rows that changed in last_rows (~0.5 ms a change)
        self.last_rows = None

    def read(self):
        """Reads the screen; returns (pointer to its BGRX pixels, bytes a row) or None."""
        if self.shm:
            if not self.xe.XShmGetImage(self.s.dpy, self.s.root, self.img, 0, 0, 0xFFFFFFFF):
                return None
            return self.shm.shmaddr
        img = self.s.x.XGetImage(self.s.dpy, self.s.root, 0, 0, WIDTH, HEIGHT, 0xFFFFFFFF, 2)
        if not img:
            return None
        self.libc.memcpy(self.scratch(), img.contents.data, min(self.size, img.contents.bytes_per_line * HEIGHT))
        self.s.x.XDestroyImage(img)
        return ctypes.addressof(self._scratch)

    def scratch(self):
        if not hasattr(self, "_scratch"):
            self._scratch = ctypes.create_string_buffer(self.size)
        return self._scratch

    def differs(self, cur, x0, y0, x1, y1):
        """Whether the rectangle differs between the read at cur and the last one."""
        prev = ctypes.addressof(self.prev)
        if x0 == 0 and x1 == WIDTH:
            o, n = y0 * self.bpl, (y1 - y0) * self.bpl
            return n > 0 and self.libc.memcmp(cur + o, prev + o, n) != 0
        for y in range(y0, y1):
            o = y * self.bpl + x0 * 4
            if self.libc.memcmp(cur + o, prev + o, (x1 - x0) * 4) != 0:
                return True
        return False

    def changes(self, masks):
        """Reads the screen and compares it with the last read: (the screen less the masks changed, the
        whole screen changed), both True on the first read; None when the screen could not be read.
        masks: rectangles (x0, y0, x1, y1), none sharing a row."""
        cur = self.read()
        if cur is None:
            return None
        if not self.have_prev:
            area = whole = True
        else:
            whole = self.differs(cur, 0, 0, WIDTH, HEIGHT)
            area = False
            if whole:
                y = 0
                for x0, y0, x1, y1 in sorted(masks, key=lambda m: m[1]):
                    if self.differs(cur, 0, y, WIDTH, y0) or self.differs(cur, 0, y0, x0, y1) or self.differs(cur, x1, y0, WIDTH, y1):
                        area = True
                        break
                    y = y1
                else:
                    area = self.differs(cur, 0, y, WIDTH, HEIGHT)
        self.last_rows = None
        if whole or not self.have_prev:
            if self.have_prev and self.log_rows:
                self.last_rows = self.changed_rows(cur)
            self.libc.memcpy(self.prev, cur, self.size)
        self.have_prev = True
        return area, whole

    def changed_rows(self, cur):
        """(first, last) row where the screen just read differs from the last read, or None."""
        rows = [y for y in range(HEIGHT)
                if self.libc.memcmp(cur + y * self.bpl, ctypes.addressof(self.prev) + y * self.bpl, WIDTH * 4) != 0]
        return (rows[0], rows[-1]) if rows else None

    def png(self, path):
        """The last read as a PNG (RGB)."""
        raw = bytes(self.prev)
        rows = []
        for y in range(HEIGHT):
            line = raw[y * self.bpl:y * self.bpl + WIDTH * 4]
            rgb = bytearray(WIDTH * 3)
            rgb[0::3], rgb[1::3], rgb[2::3] = line[2::4], line[1::4], line[0::4]
            rows.append(b"\0" + bytes(rgb))

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)) +
                    chunk(b"IDAT", zlib.compress(b"".join(rows), 1)) + chunk(b"IEND", b""))

    def close(self):
        if self.shm:
            self.xe.XShmDetach(self.s.dpy, ctypes.byref(self.shm))
            self.s.x.XSync(self.s.dpy, 0)
            self.libc.shmdt(self.shm.shmaddr)
            self.shm = None


# ---------------------------------------------------------------------------------------------------
# CPU of a session's processes: utime + stime

TICK = os.sysconf("SC_CLK_TCK")


class SessionCPU:
    """utime+stime of every process of a session (threads included, as /proc/PID/stat counts them), in
    ms; a process that has ended keeps what it was last seen with. The member list is refreshed every
    0.25 s, so a process that lives less than that may be missed."""

    def __init__(self, sid):
        self.sid = sid
        self.last = {}  # pid -> ticks
        self.pids = []
        self.refreshed = 0

    def total_ms(self):
        now = time.monotonic()
        if now - self.refreshed > 0.25:
            self.pids = bp.session_pids(self.sid)
            self.refreshed = now
        for pid in self.pids:
            s = bp.read("/proc/%d/stat" % pid)
            if s:
                f = s[s.rindex(b")") + 2:].split()
                self.last[pid] = int(f[11]) + int(f[12])  # utime, stime
        return sum(self.last.values()) * 1000 / TICK


class SessionThreadsCPU:
    """The CPU time (ns) every thread of a session has used since this clock started, from
    /proc/PID/task/TID/schedstat through bench_peers.ThreadClock (one pread a thread a reading): a thread
    found later (the list is refreshed every 0.25 s) counts from when it was found, one that ends keeps
    what it had used at its last reading."""

    def __init__(self, sid):
        self.sid = sid
        self.clock = bp.ThreadClock()
        self.prev = {}
        for pid in bp.session_pids(sid):
            self.prev.update(self.clock.track(pid))
        self.used = 0
        self.refreshed = time.monotonic()

    def ns(self):
        if time.monotonic() - self.refreshed > 0.25:
            self.refreshed = time.monotonic()
            for pid in bp.session_pids(self.sid):
                self.prev.update(self.clock.track(pid))
        cur = self.clock.sample()
        self.used += sum(v - self.prev.get(k, v) for k, v in cur.items())
        self.prev.update(cur)
        return self.used

    def close(self):
        self.clock.close()


# ---------------------------------------------------------------------------------------------------
# The programs

def make_folder(args):
    """The camera folder, made once by CoffeeGrid's generator and reused while complete; (path, None)
    or (None, why it could not be made)."""
    path = os.path.join(os.path.abspath(args.folder_root), "camera-%d-4000x3000" % args.count)
    marker = os.path.join(path, ".complete")
    names = ["IMG_%04d.JPG" % i for i in range(1, args.count + 1)]
    if not (os.path.exists(marker) and all(os.path.exists(os.path.join(path, n)) for n in names)):
        cg = os.path.abspath(args.coffeegrid)
        if not os.access(cg, os.X_OK):
            return None, "no folder of photos: it is made by `coffeegrid bench-child camera-photos`, and there is no executable at " + cg
        print("bench-peers photos: making %d camera JPEGs of 4000×3000 in %s (kept for later runs) …" % (args.count, path), flush=True)
        shutil.rmtree(path, ignore_errors=True)
        made = subprocess.run([cg, "bench-child", "camera-photos", path, "--count", str(args.count)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if made.returncode != 0:
            return None, "no folder of photos: `coffeegrid bench-child camera-photos` failed: " + (made.stderr.strip().splitlines() or ["?"])[-1]
        with open(marker, "w") as f:
            f.write("%d 4000x3000\n" % args.count)
    return path, None


def warm_page_cache(folder):
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            while f.read(1 << 20):
                pass


def programs(args, folder):
    """name → (argv, environment changes, None) or (None, None, why it cannot run here)."""
    out = {}
    cg = os.path.abspath(args.coffeegrid)
    if os.access(cg, os.X_OK):
        out["coffeegrid"] = ([cg, "--size", "%dx%d" % (WIDTH, HEIGHT), folder], {"SDL_VIDEODRIVER": "x11"}, None)
    else:
        out["coffeegrid"] = (None, None, "no executable at " + cg)
    nsxiv = shutil.which("nsxiv")
    out["nsxiv"] = (([nsxiv, "-t", "-r", "-g", "%dx%d+0+0" % (WIDTH, HEIGHT), folder], {}, None) if nsxiv
                    else (None, None, "nsxiv not found on PATH (Debian package nsxiv)"))
    gthumb = shutil.which("gthumb")
    # Its settings from a key file in the run's own XDG_CONFIG_HOME (written by PhotoRun): the window
    # size, nothing else changed from gThumb's defaults.
    out["gthumb"] = (([gthumb, folder], {"GDK_BACKEND": "x11", "GSETTINGS_BACKEND": "keyfile"}, None) if gthumb
                     else (None, None, "gthumb not found on PATH (Debian package gthumb)"))
    return out


def wheel_argv(args):
    """One xdotool process: the pointer over the photos, then the notches (button 5 down, 4 up)."""
    argv = ["xdotool", "mousemove", str(POINTER[0]), str(POINTER[1]), "sleep", "0.3"]
    delay = str(int(args.notch_ms))
    for _ in range(args.rounds):
        argv += ["click", "--repeat", str(args.notches), "--delay", delay, "5",
                 "click", "--repeat", str(args.notches), "--delay", delay, "4"]
    return argv


class PhotoRun(bp.Run):
    """One launch of one program on its own Xvfb, HOME kept for the next launch."""

    def __init__(self, name, argv, env_changes, args, home, phase):
        super().__init__(name, 0, argv, env_changes, args, home=home)
        self.phase = phase
        self.result = {"program": name, "phase": phase}
        os.makedirs(os.path.join(home, "config", "glib-2.0", "settings"), exist_ok=True)
        keyfile = os.path.join(home, "config", "glib-2.0", "settings", "keyfile")
        if not os.path.exists(keyfile):
            with open(keyfile, "w") as f:
                f.write("[org/gnome/gthumb/browser]\nwindow-width=%d\nwindow-height=%d\n" % (WIDTH, HEIGHT))
        self.env["XDG_DATA_HOME"] = os.path.join(home, "data")

    def go(self):
        self.tail = []
        self.start_x()
        grab = self.grabber = Grabber(self.screen)
        geo = GEOMETRY[self.name]
        area = geo["mask"]
        t_spawn = time.monotonic()
        self.proc = subprocess.Popen(self.argv, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        threading.Thread(target=self.reader, args=(self.proc.stdout,), daemon=True).start()
        cpu = SessionCPU(self.proc.pid)
        grab.changes(area)  # the empty screen before the program draws
        first_change = last = last_whole = None
        cpu_at_last = None
        changes = 0
        log = []  # (ms from spawn, (first row, last row) that changed)
        deadline = t_spawn + self.args.timeout
        # The photo area still for QUIET s, then CONFIRM s more; the whole window watched until it is
        # still for QUIET s too (or WHOLE_TIMEOUT), so the cold run leaves every cache it would write.
        while True:
            now = time.monotonic()
            if self.proc.poll() is not None:
                return self.fail("exited with code %d before its first screen settled" % self.proc.returncode)
            if now > deadline:
                return self.fail("the screen did not stay still for %g s within %g s" % (self.args.quiet, self.args.timeout))
            c = grab.changes(area)
            now = time.monotonic()
            if c is None:
                return self.fail("cannot read the X screen")
            in_area, anywhere = c
            if in_area:
                changes += 1
                last = now
                first_change = first_change or now
                cpu_at_last = cpu.total_ms()
            if anywhere:
                last_whole = now
                if len(log) < 400:
                    log.append((round((now - t_spawn) * 1000), grab.last_rows))
            settled = last is not None and now - last >= self.args.quiet + self.args.confirm
            if settled and (now - last_whole >= self.args.quiet or now - t_spawn > self.args.whole_timeout):
                break
            time.sleep(self.args.grab_ms / 1000)
        self.result.update({
            "first_screen_ms": (last - t_spawn) * 1000,
            "first_change_ms": (first_change - t_spawn) * 1000,
            "whole_window_still_ms": (last_whole - t_spawn) * 1000 if time.monotonic() - last_whole >= self.args.quiet else None,
            "cpu_to_first_screen_ms": cpu_at_last,
            "screen_changes": changes,
            "photos_shown": geo["photos"],
            "grabber": "XShmGetImage" if grab.shm else "XGetImage",
            "changes": log,
        })
        self.result["first_screen_ms_per_photo"] = self.result["first_screen_ms"] / geo["photos"]
        if self.args.shots:
            os.makedirs(self.args.shots, exist_ok=True)
            grab.png(os.path.join(self.args.shots, "%s-%s.png" % (self.name, self.phase)))
        if self.phase == "warm":
            self.scroll(grab, area)
        self.result["status"] = "ok"
        return self.result

    def scroll(self, grab, area):
        """The wheel sequence twice: a first pass, which brings photos into view that the first screen
        did not show (decoded, or read from a cache, as the program goes), then the same again once
        every program has seen them (the figures the goals use); memory after both."""
        if not shutil.which("xdotool"):
            self.result["scroll_note"] = "no xdotool: not scrolled"
            return
        grab.log_rows = False
        first = self.scroll_pass(grab, area)
        time.sleep(1.0)
        again = self.scroll_pass(grab, area)
        self.result.update(again)
        self.result.update({"first_pass_" + k: v for k, v in first.items()})
        time.sleep(1.0)
        members = bp.session_pids(self.proc.pid)
        rss, pss = bp.memory_kb(members)
        self.result["rss_mb"], self.result["pss_mb"] = rss / 1024, pss / 1024
        self.result["processes"] = sorted((bp.read("/proc/%d/comm" % p) or b"?").decode().strip() for p in members)

    def scroll_pass(self, grab, area):
        """One wheel sequence: CPU a 1/60 s (median, p99) and the screen's changes, from the first notch
        to 0.5 s after the last."""
        sampler = bp.CPUSampler(self.proc.pid, self.xvfb.pid)
        sampler.start()
        time.sleep(0.3)
        wheel = subprocess.Popen(wheel_argv(self.args), env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        t0 = time.monotonic() + 0.3  # xdotool's own sleep before the first notch
        frames = 0
        end = None
        threads = SessionThreadsCPU(self.proc.pid)
        last_ns = None
        per_change = []  # ms of CPU since the change before (the first: since the first notch)
        try:
            while True:
                c = grab.changes(area)
                now = time.monotonic()
                if last_ns is None and now >= t0:
                    last_ns = threads.ns()
                if c and c[0] and now >= t0:
                    frames += 1
                    ns = threads.ns()
                    per_change.append((ns - last_ns) / 1e6)
                    last_ns = ns
                if end is None and wheel.poll() is not None:
                    end = now + 0.5
                if end is not None and now >= end:
                    break
                time.sleep(self.args.grab_ms / 1000)
        finally:
            sampler.stop.set()
            sampler.join()
            threads.close()
        out = {}
        if wheel.returncode != 0:
            out["scroll_note"] = "xdotool: " + wheel.stderr.read().decode(errors="replace").strip()[:200]
        t1 = end
        window = [s for s in sampler.samples if t0 <= s[0] <= t1]
        c = [s[1] for s in window]
        seconds = t1 - t0
        total = sum(c) / len(c) * seconds / bp.FRAME if c else 0  # ms: each sample is ms a 1/60 s
        photos = GEOMETRY[self.name]["photos"]
        p99 = bp.percentile(per_change, 99)
        out.update({
            "scroll_seconds": seconds,
            "cpu_frame_median_ms": bp.percentile(per_change, 50), "cpu_frame_p99_ms": p99,
            "cpu_frame_p99_ms_per_photo": p99 / photos if p99 is not None else None,
            "cpu_60hz_median_ms": bp.percentile(c, 50), "cpu_60hz_p99_ms": bp.percentile(c, 99),
            "cpu_samples": len(c), "scroll_cpu_total_ms": total,
            "xserver_cpu_frame_median_ms": bp.percentile([s[2] for s in window], 50),
            "scroll_frames": frames, "scroll_fps": frames / seconds if seconds > 0 else None,
            "cpu_per_drawn_frame_ms": total / frames if frames else None,
        })
        return out

    def close(self):
        if getattr(self, "grabber", None):
            self.grabber.close()
        super().close()


# ---------------------------------------------------------------------------------------------------
# Report

def fmt(v, f="{:.0f}"):
    return f.format(v) if isinstance(v, (int, float)) else "—"


def report(rows, names):
    """rows: program → {"cold": result, "warm": result} or {"status": why}. Two tables: the first full
    screen, then the scroll and memory."""
    first = ["| program | photos shown | cold: first screen (ms) | ms a photo | CPU to it (ms) | whole window still (ms) "
             "| warm: first screen (ms) | ms a photo | CPU to it (ms) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    scroll = ["| program | frames/s | CPU/frame median (ms) | CPU/frame p99 (ms) | p99 a photo (ms) | CPU a 1/60 s median (ms) "
              "| CPU a 1/60 s p99 (ms) | 1st pass: frames/s | 1st pass: CPU/frame p99 (ms) | RSS after (MB) | PSS after (MB) |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name in names:
        r = rows.get(name, {})
        cold, warm = r.get("cold", {}), r.get("warm", {})
        if "status" in r or cold.get("status") != "ok":
            why = "**%s**" % (r.get("status") or cold.get("status", "?"))
            first.append("| %s | %s |%s" % (name, why, " |" * 7))
            scroll.append("| %s | %s |%s" % (name, why, " |" * 9))
            continue
        cells = [str(cold["photos_shown"]), fmt(cold["first_screen_ms"]), fmt(cold["first_screen_ms_per_photo"], "{:.1f}"),
                 fmt(cold["cpu_to_first_screen_ms"]), fmt(cold.get("whole_window_still_ms"))]
        if warm.get("status") != "ok":
            why = "**warm: %s**" % warm.get("status", "?")
            first.append("| %s | %s | %s |%s" % (name, " | ".join(cells), why, " |" * 2))
            scroll.append("| %s | %s |%s" % (name, why, " |" * 9))
            continue
        cells += [fmt(warm["first_screen_ms"]), fmt(warm["first_screen_ms_per_photo"], "{:.1f}"), fmt(warm["cpu_to_first_screen_ms"])]
        first.append("| %s | %s |" % (name, " | ".join(cells)))
        if "scroll_fps" not in warm:
            scroll.append("| %s | **%s** |%s" % (name, warm.get("scroll_note", "not scrolled"), " |" * 9))
            continue
        scroll.append("| %s | %s |" % (name, " | ".join([
            fmt(warm.get("scroll_fps")), fmt(warm.get("cpu_frame_median_ms"), "{:.2f}"), fmt(warm.get("cpu_frame_p99_ms"), "{:.2f}"),
            fmt(warm.get("cpu_frame_p99_ms_per_photo"), "{:.3f}"), fmt(warm.get("cpu_60hz_median_ms"), "{:.2f}"),
            fmt(warm.get("cpu_60hz_p99_ms"), "{:.2f}"), fmt(warm.get("first_pass_scroll_fps")),
            fmt(warm.get("first_pass_cpu_frame_p99_ms"), "{:.2f}"), fmt(warm.get("rss_mb")), fmt(warm.get("pss_mb"))])))
    return "\n".join(first) + "\n\n" + "\n".join(scroll)


def goals(rows):
    """Issue 25's three, per photo shown: (text, met)."""
    def ok(name, phase):
        r = rows.get(name, {}).get(phase, {})
        return r if r.get("status") == "ok" else None

    out = []
    for phase, key, times, what in (("cold", "first_screen_ms_per_photo", 2, "cold first screen"),
                                    ("warm", "first_screen_ms_per_photo", 3, "warm first screen")):
        cg = ok("coffeegrid", phase)
        peers = [(r[key], n) for n in rows if n != "coffeegrid" for r in [ok(n, phase)] if r and r.get(key)]
        if cg and peers:
            best, who = min(peers)
            ratio = best / cg[key]
            peer = ok(who, phase)
            out.append(("%s ≥ %d× sooner than the best peer's (%s), per photo shown: %.1f vs %.1f ms a photo, %.2f× "
                        "(whole screens: %.0f ms for %d photos vs %.0f ms for %d)"
                        % (what, times, who, cg[key], best, ratio, cg["first_screen_ms"], cg["photos_shown"],
                           peer["first_screen_ms"], peer["photos_shown"]), ratio >= times))
    cg = ok("coffeegrid", "warm")
    key = "cpu_frame_p99_ms_per_photo"
    peers = [(r[key], n) for n in rows if n != "coffeegrid" for r in [ok(n, "warm")] if r and r.get(key) is not None]
    if cg and cg.get(key) is not None and peers:
        best, who = min(peers)
        peer = ok(who, "warm")
        out.append(("scroll p99 CPU/frame ≤ ½ the best peer's (%s), per photo shown: %.3f vs %.3f ms a photo, CoffeeGrid's %.2f× "
                    "the peer's (whole frames: %.2f vs %.2f ms)"
                    % (who, cg[key], best, cg[key] / best if best else float("inf"), cg["cpu_frame_p99_ms"], peer["cpu_frame_p99_ms"]),
                    best > 0 and cg[key] <= best / 2))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="bench_peers.py --suite photos", description=__doc__.split("\n\n")[0])
    ap.add_argument("--coffeegrid", default=os.path.join(HERE, "..", ".build", "release", "coffeegrid"))
    ap.add_argument("--programs", default="coffeegrid,nsxiv,gthumb")
    ap.add_argument("--count", type=int, default=200, help="photos in the folder")
    ap.add_argument("--folder-root", default=os.path.join(HERE, "..", ".build", "peers-photos"),
                    help="where the folder is made and kept")
    ap.add_argument("--quiet", type=float, default=1.0, help="seconds the photo area stays unchanged: the first screen is done")
    ap.add_argument("--confirm", type=float, default=2.0, help="seconds watched after that: a change then means it was not done")
    ap.add_argument("--whole-timeout", type=float, default=120, help="seconds to wait for the whole window to be still")
    ap.add_argument("--grab-ms", type=float, default=8, help="pause between two reads of the screen, ms")
    ap.add_argument("--notches", type=int, default=15, help="wheel notches each way in a round")
    ap.add_argument("--notch-ms", type=float, default=50, help="ms between notches")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of NOTCHES down and NOTCHES up")
    ap.add_argument("--timeout", type=float, default=180, help="seconds a program may take to settle its first screen")
    ap.add_argument("--shots", help="save each settled first screen here as PROGRAM-cold.png / -warm.png")
    ap.add_argument("--json", help="write every figure here")
    ap.add_argument("--markdown", help="write the table here")
    args = ap.parse_args(argv)
    names = args.programs.split(",")
    unknown = [n for n in names if n not in GEOMETRY]
    if unknown:
        sys.exit("bench-peers photos: unknown program(s) %s; known: %s" % (", ".join(unknown), ", ".join(GEOMETRY)))
    if not shutil.which("Xvfb"):
        sys.exit("bench-peers photos: Xvfb is not installed")
    folder, no_folder = make_folder(args)
    load = os.getloadavg()
    print("bench-peers photos: %d programs, %d camera JPEGs in %s; load average %.2f %.2f %.2f"
          % ((len(names), args.count, folder or "(none)") + load), flush=True)
    # Without the folder nothing can run: every program's row says so (the table is still written).
    table = programs(args, folder) if folder else {name: (None, None, no_folder) for name in names}
    rows = {}
    results = []
    for name in names:
        argv, env, why = table[name]
        if why:
            rows[name] = {"status": "cannot run here: " + why}
            results.append({"program": name, "status": rows[name]["status"]})
            print("bench-peers photos:", json.dumps(results[-1]), flush=True)
            continue
        home = tempfile.mkdtemp(prefix="bench-peers-photos-")
        rows[name] = {}
        try:
            for phase in ("cold", "warm"):
                if phase == "warm" and rows[name]["cold"].get("status") != "ok":
                    break
                warm_page_cache(folder)
                run = PhotoRun(name, argv, env, args, home, phase)
                try:
                    r = run.go()
                except Exception as e:  # a harness problem is a result too, not a lost run
                    r = {"program": name, "phase": phase, "status": "harness error: %s" % e}
                finally:
                    run.close()
                rows[name][phase] = r
                results.append(r)
                brief = {k: (round(v, 2) if isinstance(v, float) else v) for k, v in r.items() if k not in ("log_tail", "processes", "changes")}
                print("bench-peers photos:", json.dumps(brief), flush=True)
        finally:
            shutil.rmtree(home, ignore_errors=True)
    text = report(rows, names)
    verdicts = goals(rows)
    text += "\n\n" + "\n".join("- %s %s" % (t, "✓ met" if ok else "✗ missed") for t, ok in verdicts)
    print("\n" + text)
    meta = {"suite": "photos", "load_before": load, "load_after": os.getloadavg(), "loadavg_file": open("/proc/loadavg").read().strip(),
            "photos": args.count, "folder": folder, "window": [WIDTH, HEIGHT], "quiet_s": args.quiet, "confirm_s": args.confirm,
            "wheel": " ".join(wheel_argv(args)[1:]), "geometry": GEOMETRY}
    bp.write_report(args, meta, results, verdicts, text)


if __name__ == "__main__":
    main()
