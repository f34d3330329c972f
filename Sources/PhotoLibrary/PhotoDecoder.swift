/// Photos from files to downscaled, upright pixels: the one way in for every caller (the pipeline's
/// workers, the thumbnail cache, the benchmarks, the window icon). Its parts are extensions
/// (ImageDecoding, CachedDecode, CameraPlaceholder, ImageInfo, DecodeBenchmark).
public enum PhotoDecoder {}
