import GridCore
import CSDL2
import Foundation
import PhotoLibrary
import SystemIO

/// Loads photos for cells without ever making a frame wait: files decode and downscale on worker
/// threads, textures are made in `pump` on the render thread (SDL renderers are not thread-safe),
/// and a byte budget bounds what stays uploaded.
///
/// Frame protocol, all on the render thread: `beginFrame()`, then `request`/`prefetch` per cell, then
/// `pump()`. Eviction needs `beginFrame`: "requested this frame" is what it never evicts.
public final class ImagePipeline {
    public let renderer: OpaquePointer
    public let byteBudget: Int
    public let limits: ImageLimits
    /// Queued work not requested or prefetched for this many frames is dropped by `pump`.
    public var staleFrames = 2
    /// A prefetch thrown away for lack of room is not retried for this many frames.
    public var declinedRetryFrames = 30
    /// Seconds before a transient failure (out of memory, too many open files, a file still being
    /// copied) is tried again; each further wait doubles, up to a minute.
    public var firstRetryWait = 1.0

    let log: (String) -> Void
    private let maxTextureSide: Int
    /// A `thumbnailFirst` job's result is nil when the cache holds no valid thumbnail.
    private let queue: DecodeQueue<JobKey, DecodedImage?>
    private let cache = TextureCache()

    struct PendingJob {
        var priority: Double
        var lastWantedFrame: Int
        /// Nil when only prefetches asked for it.
        var lastRequestFrame: Int?
    }
    private var pending: [JobKey: PendingJob] = [:]
    /// The one large picture going up a band of rows a frame, if any (it is no longer pending).
    private var partial: BandedUpload?
    /// Each file's pending decodes (not thumbnails first or placeholders).
    private var pendingDecodes: [String: [JobKey]] = [:]
    private var failures: [String: String] = [:]
    /// Each photo's width ÷ height, once a picture of it has been had: which band a decode for a
    /// cell of some shape will make, before it is made.
    private var sourceAspects: [String: Double] = [:]
    /// Transient failures (out of memory, too many open files, a file still being copied): when each
    /// file is tried again (monotonic seconds) and how long its next wait will be.
    private var retries: [String: (at: Double, wait: Double)] = [:]
    private var loggedTransient: Set<String> = []
    private var loggedFolderProblems: Set<String> = []
    private var declined: [JobKey: Int] = [:]
    /// Files whose camera thumbnail was looked for as a placeholder (once a file).
    private var placeholdersTried: Set<String> = []
    /// How JPEGs are decoded (`.cameraThumbnail`: EXIF thumbnails used, and shown blurred first).
    public let jpegPath: PhotoDecoder.JPEGPath
    /// Camera thumbnails smaller than the cell shown blurred first (the app; one more job a file).
    public let placeholders: Bool
    /// Files drawn this frame from a picture smaller than their cell asks for (by the last request).
    private var belowSize: Set<String> = []
    /// How the picture given to each photo requested this frame was had.
    private var drawnOrigins: [String: DecodePath] = [:]
    private var frame = 0
    /// Photos requested this frame, and the last, that had nothing to show (a grey placeholder).
    private var placeholdersThisFrame = 0
    private var placeholdersLastFrame = 0
    /// The one photo playing now (the viewer's, or the grid's under the pointer), if any.
    var animation: AnimationPlayer?
    private var counters = ImagePipelineStats()
    private var isShutDown = false
    /// Where the frame's time goes, when the frame bench profiles (nil otherwise).
    public var profile: FrameProfile?

    /// The shared thumbnail cache photos are read from and written to (nil: off).
    public let thumbnails: ThumbnailCache?

    public init(renderer: OpaquePointer, workerCount: Int = 2, byteBudget: Int = 96 << 20,
                limits: ImageLimits = .standard, thumbnails: ThumbnailCache? = nil, jpeg: PhotoDecoder.JPEGPath = .cameraThumbnail,
                placeholders: Bool = false,
                log: @escaping (String) -> Void = ImagePipeline.standardErrorLog) {
        self.renderer = renderer
        self.thumbnails = thumbnails
        self.byteBudget = byteBudget
        self.limits = limits
        self.log = log
        self.jpegPath = jpeg
        self.placeholders = placeholders
        var info = SDL_RendererInfo()
        let side = SDL_GetRendererInfo(renderer, &info) == 0
            ? [info.max_texture_width, info.max_texture_height].filter { $0 > 0 }.map(Int.init).min() : nil
        maxTextureSide = side ?? Int.max
        let maxSide = maxTextureSide
        // Results wait for the render thread's `pump`, bounded in bytes rather than only in count, so a
        // screen of small thumbnails (a warm cache: 2–3 ms each) is not held to a few a frame.
        queue = DecodeQueue<JobKey, DecodedImage?>(workers: workerCount, maxHeld: 32 * max(1, workerCount), maxHeldBytes: Self.heldBytes,
                            cost: { $0?.byteCount ?? 0 }) { key, cancel in
            if key.placeholder {
                return .success(jpeg == .cameraThumbnail ? PhotoDecoder.cameraPlaceholder(path: key.path, pixelSize: key.bucket.size, cancel: cancel) : nil)
            }
            if key.thumbnailFirst {
                // Only ever an addition: no thumbnail, or none readable, and the decode comes as before.
                return .success(thumbnails.flatMap { PhotoDecoder.thumbnailFirst(path: key.path, maxSide: maxSide, cache: $0) })
            }
            return Result<DecodedImage?, Error> {
                if let cache = thumbnails, cache.applies(to: key.path) {
                    return try PhotoDecoder.decode(path: key.path, pixelSize: key.bucket.size, maxSide: maxSide, limits: limits,
                                                    cancel: cancel, cache: cache, jpeg: jpeg, aspect: key.aspect)
                }
                return try PhotoDecoder.decode(path: key.path, pixelSize: key.bucket.size, maxSide: maxSide, limits: limits,
                                                cancel: cancel, jpeg: jpeg, aspect: key.aspect)
            }
                .mapError { $0 as? ImageLoadError ?? ImageLoadError(path: key.path, reason: "\($0)") }
        }
    }

    deinit { shutdown() }

    /// Writes `program: line` to standard error (`StandardError`: its failures never end the app).
    public static func standardErrorLog(_ line: String) {
        StandardError.write(line: "\(ProcessInfo.processInfo.processName): \(line)")
    }

    // MARK: Render-thread calls, once per cell per frame

    /// Start of a frame (so "requested this frame" is known).
    public func beginFrame() {
        frame += 1
        placeholdersLastFrame = placeholdersThisFrame
        placeholdersThisFrame = 0
        belowSize.removeAll(keepingCapacity: true)
        drawnOrigins.removeAll(keepingCapacity: true)
        if frame % 64 == 0 { declined = declined.filter { frame - $0.value < declinedRetryFrames } }
    }

    /// Non-blocking. The best available texture for `path` drawn `pixelSize` big with scaledToFill.
    /// A smaller cached version is returned while the larger one decodes. Lower `priority` is more
    /// urgent (e.g. distance in points from the viewport; 0 = visible). `fill`: the photo is drawn
    /// `.scaledToFill()` into a cell of `pixelSize`'s shape, so the band of it the cell shows will do.
    public func request(_ path: String, pixelSize: Size, priority: Double, fill: Bool = false) -> ImageState {
        // The photo playing draws its frame (see ImagePipeline+Animation.swift).
        if let a = animation, a.path == path, let frame = a.texture { return .ready(frame) }
        if let reason = failures[path], !retryIsDue(path) { return .failed(reason: reason) }
        guard !isShutDown else { return .failed(reason: "image pipeline shut down") }
        let wanted = SizeBucket(covering: pixelSize)
        let aspect = fill ? pixelSize.width / pixelSize.height : nil
        let best = cache.best(for: path, wanted: wanted, aspect: aspect)
        if best?.covers != true {
            if best == nil { schedulePlaceholder(path, wanted: wanted, priority: priority) }
            scheduleThumbnailFirst(path, wanted: wanted, showing: best?.index, priority: priority, requested: true)
            schedule(JobKey(path: path, bucket: wanted, shape: bandShape(path, wanted, aspect)), aspect: aspect, priority: priority, requested: true)
        }
        if best?.covers == false { belowSize.insert(path) } else { belowSize.remove(path) }
        guard let (index, _) = best else {
            drawnOrigins[path] = nil
            placeholdersThisFrame += 1
            return .loading
        }
        drawnOrigins[path] = cache.entries[path]?[index].origin
        return .ready(cache.touch(path, index, frame: frame, priority: priority, requested: true))
    }

    /// Cells of fewer pixels than this decode the whole photo: a band of a small picture saves little,
    /// and one whole picture serves every shape of cell it is shown in (the dock's grid and strip).
    static let bandMinimumPixels = 1 << 15

    /// The shape a decode of `path` for a cell of `wanted` pixels and `aspect` is made for (nil: the
    /// whole, also when its band would be the whole photo).
    private func bandShape(_ path: String, _ wanted: SizeBucket, _ aspect: Double?) -> Int? {
        guard wanted.width * wanted.height >= Self.bandMinimumPixels, let shape = JobKey.shape(of: aspect) else { return nil }
        return ImagePart.decoded(forAspect: JobKey.aspect(ofShape: shape), sourceAspect: sourceAspect(path)).isWhole ? nil : shape
    }

    /// At most this many photos' shapes are remembered at once.
    static let sourceAspectsKept = 1 << 14

    /// The photo's width ÷ height if known, else a camera's 4:3 (a guess only ever costs a decode).
    private func sourceAspect(_ path: String) -> Double { sourceAspects[path] ?? 4.0 / 3 }

    /// The photos requested this frame that were given a picture, by how it was had.
    public var decodePathsThisFrame: [DecodePath: Int] {
        var counts: [DecodePath: Int] = [:]
        for origin in drawnOrigins.values { counts[origin, default: 0] += 1 }
        return counts
    }

    /// Photos requested this frame that were given a picture smaller than their cell asks for (a
    /// cached thumbnail standing in while the file decodes at the cell's size, or a growing cell's
    /// last picture); placeholders are not counted. Zero once every photo on screen is at full size.
    public var photosBelowSize: Int { belowSize.count }

    /// Warms the cache ahead of scrolling. Never evicts what is on screen to make room.
    public func prefetch(_ path: String, pixelSize: Size, priority: Double, fill: Bool = false) {
        guard failures[path] == nil || retryIsDue(path), !isShutDown else { return }
        let wanted = SizeBucket(covering: pixelSize)
        let aspect = fill ? pixelSize.width / pixelSize.height : nil
        let best = cache.best(for: path, wanted: wanted, aspect: aspect)
        if let best, best.covers {
            _ = cache.touch(path, best.index, frame: frame, priority: priority, requested: false)
            return
        }
        let key = JobKey(path: path, bucket: wanted, shape: bandShape(path, wanted, aspect))
        if let when = declined[key], frame - when < declinedRetryFrames { return }
        scheduleThumbnailFirst(path, wanted: wanted, showing: best?.index, priority: priority, requested: false)
        schedule(key, aspect: aspect, priority: priority, requested: false)
    }

    /// A file rewritten on disk: its pictures, queued work and remembered failure are dropped, so the
    /// next request decodes it afresh (a shared thumbnail no longer matches its new modification time),
    /// and its camera thumbnail is read again for the placeholder (the new file may carry another).
    public func forget(_ path: String) {
        failures[path] = nil
        sourceAspects[path] = nil
        dropPartialUpload(of: path)
        cache.removeAll(path)
        placeholdersTried.remove(path)
        let placeholderKeys = pending.keys.filter { $0.placeholder && $0.path == path }
        let keys = (pendingDecodes[path] ?? []) + [JobKey.thumbnailFirst(path)] + placeholderKeys
        queue.cancel(keys).forEach { removePending($0) }
    }

    /// A file renamed on disk (the same bytes under another name): its pictures, and what is known
    /// about it, go with it, so the photo keeps its thumbnail; work queued under the old name stops.
    public func rename(_ old: String, to new: String) {
        guard old != new else { return }
        dropPartialUpload(of: old)
        cache.rename(old, to: new)
        failures[new] = failures.removeValue(forKey: old)
        sourceAspects[new] = sourceAspects.removeValue(forKey: old)
        if placeholdersTried.remove(old) != nil { placeholdersTried.insert(new) }
        let keys = pending.keys.filter { $0.path == old }
        queue.cancel(Array(keys)).forEach { removePending($0) }
    }

    /// Decoded pictures waiting for upload, at most (plus the one each worker is finishing).
    static let heldBytes = 16 << 20
    /// Bytes one frame copies into textures: small pictures (a cache's thumbnails) go in as fast as
    /// they are decoded, several a frame; a larger one goes up in bands of rows over a few frames.
    public static let uploadBytesPerFrame = 1 << 20
    /// While placeholders are on screen (a first screen, a fling), a frame takes this many times the
    /// bytes and at least `fillingUploads` pictures: a grey cell is worse than a slower frame. A
    /// picture larger than `uploadBytes` still goes up in bands.
    static let fillingFactor = 4
    static let fillingUploads = 6

    /// Once per frame: uploads up to `maxUploads` finished decodes (more while they total at most
    /// `uploadBytes`; one larger than what is left goes up in bands over the next frames, so no
    /// frame copies much more than `uploadBytes`), records failures, drops queued work nobody asked
    /// for lately, and holds the byte budget. True if any image changed state.
    @discardableResult
    public func pump(maxUploads: Int = 1, uploadBytes: Int = ImagePipeline.uploadBytesPerFrame) -> Bool {
        profile.measure(.upload) { pump(maxUploads: maxUploads, uploadBytes: uploadBytes, dropStale: true) }
    }

    /// Work queued, decoding, or waiting for upload.
    public var isBusy: Bool { !pending.isEmpty || partial != nil }

    /// Blocks until everything asked for so far is decoded and uploaded (or failed, or declined for
    /// room). Resumes suspended workers. For headless runs and tests.
    public func drain() {
        guard !isShutDown else { return }
        queue.isSuspended = false
        while isBusy && !Interruption.requested {
            _ = pump(maxUploads: .max, uploadBytes: 0, dropStale: false)
            if pending.isEmpty { break }
            if queue.counts.total == 0 {
                // Bookkeeping out of step with the queue would otherwise hang here forever.
                pending.removeAll()
                pendingDecodes.removeAll()
                break
            }
            queue.waitForFinished(timeout: 0.05)
        }
    }

    /// Workers finish the decode in hand but start no new one while suspended.
    public var isSuspended: Bool {
        get { queue.isSuspended }
        set { queue.isSuspended = newValue }
    }

    public var stats: ImagePipelineStats {
        var s = counters
        let c = queue.counts
        s.queued = c.queued
        s.inFlight = c.running
        s.waitingForUpload = c.finished
        s.textureBytes = cache.bytes
        s.textureCount = cache.count
        s.evictions = cache.evictions
        return s
    }

    /// Stops the workers (abandoning decodes in progress) and releases the cached textures; call
    /// before destroying the renderer. Also done in deinit.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        animation?.stop()
        animation = nil
        queue.shutdown()
        partial = nil
        pending.removeAll()
        pendingDecodes.removeAll()
        cache.removeEverything()
    }

    /// Paths in the order workers finished decoding them (the last 256).
    var finishOrder: [String] { queue.finishOrder.map(\.path) }

    // MARK: Scheduling

    /// Progressive refinement: a cell that asks for more pixels than the largest thumbnail size is
    /// decoded from the file, which takes a while (a 4000×3000 JPEG at 3/8); the cache's thumbnail,
    /// when a valid one is already there, is read first (a few milliseconds) and shown meanwhile, a
    /// little enlarged, then replaced by the decode. Looked for once per decode that starts (again
    /// when one starts again), ahead of that decode, and only if what the cell already shows is
    /// smaller than such a thumbnail. Kept wanted while the cell keeps asking.
    private func scheduleThumbnailFirst(_ path: String, wanted: SizeBucket, showing index: Int?, priority: Double, requested: Bool) {
        guard let thumbnails = thumbnails else { return }
        let key = JobKey.thumbnailFirst(path)
        if pending[key] != nil {
            stillWanted(key, priority: priority - 1, requested: requested)
            return
        }
        guard max(wanted.width, wanted.height) > key.bucket.width,
              pendingDecodes[path]?.contains(where: { $0.bucket.covers(wanted) }) != true, thumbnails.applies(to: path) else { return }
        if let i = index, let shown = cache.entries[path]?[i].texture, max(shown.pixelWidth, shown.pixelHeight) >= key.bucket.width { return }
        // Before the decode it stands in for, and before the decodes of the other cells on screen.
        guard let dropped = queue.enqueue(key, priority: priority - 1) else { return }
        dropped.forEach { removePending($0) }
        pending[key] = PendingJob(priority: priority - 1, lastWantedFrame: frame, lastRequestFrame: requested ? frame : nil)
    }

    /// A cell with nothing to show yet: the camera's thumbnail, when the file carries one smaller than
    /// the cell, is read first (the file's first 72 KB and a 160×120 decode: well under a
    /// millisecond) and shown blurred instead of the grey placeholder. Once a file, ahead of decodes.
    private func schedulePlaceholder(_ path: String, wanted: SizeBucket, priority: Double) {
        let key = JobKey.placeholder(path, for: wanted)
        guard placeholders, jpegPath == .cameraThumbnail, !placeholdersTried.contains(path) else {
            stillWanted(key, priority: priority - 2, requested: true)  // kept from being dropped as stale
            return
        }
        guard let dropped = queue.enqueue(key, priority: priority - 2) else { return }
        placeholdersTried.insert(path)
        dropped.forEach { removePending($0) }
        pending[key] = PendingJob(priority: priority - 2, lastWantedFrame: frame, lastRequestFrame: frame)
    }

    /// A pending job asked for again this frame: it stays wanted, at the most urgent priority any
    /// asker gave it this frame.
    private func stillWanted(_ key: JobKey, priority: Double, requested: Bool) {
        guard var job = pending[key] else { return }
        let newPriority = job.lastWantedFrame == frame ? min(job.priority, priority) : priority
        job.lastWantedFrame = frame
        if requested { job.lastRequestFrame = frame }
        if newPriority != job.priority {
            job.priority = newPriority
            queue.reprioritize(key, priority: newPriority)
        }
        pending[key] = job
    }

    /// `aspect`: the asking cell's (nil: it shows the whole photo).
    private func schedule(_ key: JobKey, aspect: Double?, priority: Double, requested: Bool) {
        let source = sourceAspect(key.path)
        // A picture going up in bands that will do is as good as pending.
        if let band = partial, band.key.serves(key, aspect: aspect, sourceAspect: source) { return }
        // A pending decode of this file at this size or larger (of the whole, or of a band holding what
        // the cell shows) will do: a growing cell's decode at the size it grows to serves it meanwhile.
        if let serving = pendingDecodes[key.path]?.first(where: { $0.serves(key, aspect: aspect, sourceAspect: source) }) {
            stillWanted(serving, priority: priority, requested: requested)
            return
        }
        guard let dropped = queue.enqueue(key, priority: priority) else { return }  // full: asked again next frame
        dropped.forEach { removePending($0) }
        pending[key] = PendingJob(priority: priority, lastWantedFrame: frame, lastRequestFrame: requested ? frame : nil)
        pendingDecodes[key.path, default: []].append(key)
        // Smaller decodes of the same file still waiting are now pointless.
        let smaller = pendingDecodes[key.path]!.filter { $0 != key && key.serves($0, aspect: $0.aspect, sourceAspect: source) }
        if !smaller.isEmpty { queue.cancel(smaller).forEach { removePending($0) } }
    }

    @discardableResult
    private func removePending(_ key: JobKey) -> PendingJob? {
        guard let job = pending.removeValue(forKey: key) else { return nil }
        if key.thumbnailFirst || key.placeholder { return job }
        pendingDecodes[key.path]?.removeAll { $0 == key }
        if pendingDecodes[key.path]?.isEmpty == true { pendingDecodes[key.path] = nil }
        return job
    }

    // MARK: Uploading

    private func pump(maxUploads: Int, uploadBytes: Int, dropStale: Bool) -> Bool {
        guard !isShutDown else { return false }
        if dropStale {
            // A decode in progress that nobody wants any more stops too: scrolling fast through
            // thousands of photos must not leave the workers busy with ones long gone.
            let stale = pending.filter { $0.value.lastWantedFrame < frame - staleFrames }.map(\.key)
            if !stale.isEmpty { queue.cancel(stale, includingRunning: true).forEach { removePending($0) } }
        }
        // The bytes this frame may still copy into textures (no limit when draining).
        let filling = placeholdersLastFrame > 0
        var room = uploadBytes <= 0 ? .max : filling ? uploadBytes * Self.fillingFactor : uploadBytes
        let bandBytes = uploadBytes > 0 ? uploadBytes : .max
        var changed = continuePartialUpload(room: &room, bandBytes: bandBytes)
        // While a picture goes up in bands, only small ones that fit what is left join it.
        let limit = partial != nil ? 0 : filling ? max(maxUploads, Self.fillingUploads) : maxUploads
        for done in queue.take(limit: limit, orWithinBytes: room == .max ? 0 : max(0, room), bytesEach: bandBytes) {
            let job = removePending(done.key)
            switch done.result {
            case .failure(let error) where error.isCancellation:
                counters.cancelled += 1
            case .failure(let error):
                changed = recordFailure(error) || changed
            case .success(nil):
                break  // no valid thumbnail to show first: the decode comes as before
            case .success(let image?):
                if done.key.placeholder {
                    let shown = upload(image, for: done.key, job: job, room: &room, bandBytes: bandBytes)
                    if shown { counters.embeddedPlaceholders += 1 }
                    changed = shown || changed
                } else if done.key.thumbnailFirst {
                    let shown = upload(image, for: done.key, job: job, room: &room, bandBytes: bandBytes)
                    if shown { counters.thumbnailsFirst += 1 }
                    changed = shown || changed
                } else {
                    counters.decoded += 1
                    if image.fromEmbeddedThumbnail { counters.embeddedThumbnails += 1 }
                    changed = upload(image, for: done.key, job: job, room: &room, bandBytes: bandBytes) || changed
                }
            }
        }
        // What is on screen this frame stays even over budget; the rest goes oldest first.
        cache.makeRoom(for: 0, budget: byteBudget) { $0.lastRequestFrame != self.frame }
        if let problem = thumbnails?.takeWriteProblem() { log(problem) }
        return changed
    }

    /// What deciding to upload a picture found: what the texture will stand for, and what it may
    /// push out of the cache.
    struct Admission {
        let bucket: SizeBucket
        let rank: TextureCache.Rank
        let onScreen: Bool
        let lastRequestFrame: Int
    }

    /// Whether `image` is worth a texture: not a failed file's, not already held as sharp, and (off
    /// screen) within the byte budget.
    private func admit(_ image: DecodedImage, for key: JobKey, job: PendingJob?) -> Admission? {
        guard failures[key.path] == nil else { return nil }
        // A thumbnail shown first covers cells up to its own size, whatever the cell that asked.
        // A blurred camera thumbnail covers no cell: any decode is preferred to it.
        let bucket = key.placeholder ? SizeBucket(width: 1, height: 1)
            : key.thumbnailFirst ? SizeBucket(width: image.pixelWidth, height: image.pixelHeight) : key.bucket
        let incoming = TextureCache.Incoming(image, bucket: bucket)
        // A larger decode of the same file (of as much of it) finished first: this one adds nothing.
        if cache.holdsAll(key.path, incoming) { return nil }
        let admission = Admission(bucket: bucket, rank: TextureCache.Rank(lastUsedFrame: job?.lastWantedFrame ?? frame, priority: job?.priority ?? .infinity),
                                  onScreen: (job?.lastRequestFrame).map { $0 >= frame - 1 } ?? false,
                                  lastRequestFrame: job?.lastRequestFrame ?? Int.min)
        if !admission.onScreen {
            let replaced = cache.bytesReplaced(key.path, incoming)
            if cache.bytes - replaced - cache.freeable(excluding: key.path, where: displaceable(admission)) + image.byteCount > byteBudget {
                declined[key] = frame
                counters.discarded += 1
                return nil
            }
        }
        return admission
    }

    /// Work nobody is looking at may only displace what ranks below it and is off screen.
    private func displaceable(_ a: Admission) -> (TextureCache.Entry) -> Bool {
        a.onScreen ? { $0.lastRequestFrame != self.frame }
                   : { $0.lastRequestFrame < self.frame - 1 && $0.rank.goesBefore(a.rank) }
    }

    /// Uploads `image` (a band of rows now and the rest in the next frames when it is larger than
    /// `room`, the bytes this frame may still copy, or than `bandBytes`). True if a picture was added.
    private func upload(_ image: DecodedImage, for key: JobKey, job: PendingJob?, room: inout Int, bandBytes: Int) -> Bool {
        guard let admission = admit(image, for: key, job: job) else { return false }
        do {
            if image.byteCount > min(room, bandBytes) && partial == nil {
                var banded = try BandedUpload(image, key: key, admission: admission, renderer: renderer)
                room -= try banded.advance(bytes: min(max(0, room), bandBytes))
                guard banded.isDone else { partial = banded; return false }
                return insert(banded.texture, image: image, key: key, admission: admission)
            }
            let texture = try Texture(renderer: renderer, pixels: image.pixels)
            texture.isOpaque = image.isOpaque
            texture.part = image.part
            room -= image.byteCount
            return insert(texture, image: image, key: key, admission: admission)
        } catch {
            return recordFailure(ImageLoadError(path: key.path, reason: "cannot upload texture (\(error))"))
        }
    }

    /// Copies the next rows of the picture going up in bands (at most `bandBytes` of them); true once
    /// it is whole and shown.
    private func continuePartialUpload(room: inout Int, bandBytes: Int) -> Bool {
        guard var band = partial else { return false }
        do {
            room -= try band.advance(bytes: room == .max ? nil : min(room, bandBytes))
        } catch {
            partial = nil
            return recordFailure(ImageLoadError(path: band.key.path, reason: "cannot upload texture (\(error))"))
        }
        guard band.isDone else { partial = band; return false }
        partial = nil
        guard failures[band.key.path] == nil else { return false }
        return insert(band.texture, image: band.image, key: band.key, admission: band.admission)
    }

    /// The file being forgotten, renamed or failed: its picture going up stops.
    private func dropPartialUpload(of path: String) {
        if partial?.key.path == path { partial = nil }
    }

    private func insert(_ texture: Texture, image: DecodedImage, key: JobKey, admission: Admission) -> Bool {
        counters.uploads += 1
        // Bounded: forgetting them all only costs a guess (4:3) each until a picture comes again.
        if sourceAspects.count >= Self.sourceAspectsKept { sourceAspects.removeAll(keepingCapacity: true) }
        sourceAspects[key.path] = image.sourceAspect
        retries[key.path] = nil
        cache.insert(key.path, TextureCache.Entry(
            texture: texture, bucket: admission.bucket, isLargestPossible: image.isLargestPossible,
            origin: key.placeholder ? .embeddedPlaceholder : key.thumbnailFirst ? .cachedThumbnailFirst
                : image.fromEmbeddedThumbnail ? .embeddedThumbnail : .file,
            lastUsedFrame: admission.rank.lastUsedFrame, lastRequestFrame: admission.lastRequestFrame,
            priority: admission.rank.priority, part: image.part, sourceAspect: image.sourceAspect))
        let others = displaceable(admission)
        cache.makeRoom(for: 0, budget: byteBudget) { $0.texture !== texture && others($0) }
        return true
    }

    /// A transient failure's file may be decoded again once its wait is over: its failure is
    /// forgotten here (the cell shows the broken-image card until then).
    private func retryIsDue(_ path: String) -> Bool {
        guard let r = retries[path], ImagePipeline.now() >= r.at else { return false }
        failures[path] = nil
        return true
    }

    static let maxRetryWait = 60.0

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Failures are remembered per file and logged once, so a broken file costs one decode attempt.
    /// A transient one (nothing lasting about the file) is tried again after a wait that doubles;
    /// the window is woken for it, so an idle window retries too. One line either way.
    private func recordFailure(_ error: ImageLoadError) -> Bool {
        guard failures[error.path] == nil else { return false }
        failures[error.path] = error.reason
        counters.failed += 1
        if !error.isTransient { retries[error.path] = nil }
        if error.isTransient {
            let wait = retries[error.path].map { min($0.wait * 2, ImagePipeline.maxRetryWait) } ?? firstRetryWait
            retries[error.path] = (ImagePipeline.now() + wait, wait)
            DispatchQueue.global().asyncAfter(deadline: .now() + wait) { StageHost.wake() }
            if loggedTransient.insert(error.path).inserted { log(error.description) }
        } else if !error.isFolderProblem {
            log(error.description)
        } else if loggedFolderProblems.insert(error.reason).inserted {
            // Photos replaced by a file: one line, not one "file not found" per photo.
            log("images: \(error.reason.dropFirst(ImageLoadError.folderPrefix.count)) (a file is in its place); its images show as placeholders")
        }
        cache.removeAll(error.path)
        dropPartialUpload(of: error.path)
        let others = (pendingDecodes[error.path] ?? []) + [JobKey.thumbnailFirst(error.path)]
        queue.cancel(others).forEach { removePending($0) }
        return true
    }
}
