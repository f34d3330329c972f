import Dispatch
import GridCore

extension PhotoDecoder {
    /// Decodes every path at `pixelSize` twice in one run: serially on this thread, then on a pool of
    /// `workers` threads, and returns files per second for each (failed files count as done). No
    /// renderer is needed: this measures decoding and downscaling only. Paths may repeat.
    public static func benchmarkDecode(paths: [String], pixelSize: Size, workers: Int) -> (pooledPerSecond: Double, serialPerSecond: Double) {
        guard !paths.isEmpty else { return (0, 0) }
        _ = try? decode(path: paths[0], pixelSize: pixelSize)  // page cache and decoder set-up out of the timing

        let serialStart = DispatchTime.now()
        for path in paths { _ = try? decode(path: path, pixelSize: pixelSize) }
        let serialSeconds = seconds(since: serialStart)

        // Keys are indices so a repeated path is decoded again, as in the serial run.
        let pool = DecodeQueue<Int, Bool>(workers: max(1, workers), maxQueued: paths.count) { index, _ in
            Result { _ = try decode(path: paths[index], pixelSize: pixelSize); return true }
                .flatMapError { _ in .success(false) }
        }
        let pooledStart = DispatchTime.now()
        for index in paths.indices { _ = pool.enqueue(index, priority: Double(index)) }
        var done = 0
        while done < paths.count {
            done += pool.take(limit: .max).count
            if done < paths.count { pool.waitForFinished(timeout: 0.1) }
        }
        let pooledSeconds = seconds(since: pooledStart)
        pool.shutdown()

        return (Double(paths.count) / max(pooledSeconds, 1e-9), Double(paths.count) / max(serialSeconds, 1e-9))
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
