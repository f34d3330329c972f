import CLibHeif
import Glibc

/// libheif's functions, from the library opened the first time a HEIF or AVIF file is decoded.
/// Linked, it and the codecs it loads (libde265, x265, aom, dav1d) cost every launch ~7 ms before
/// `main`, for a format most folders never hold. Opened once, by whichever thread needs it first
/// (a `static let` is initialised once, safely), and initialised there (`heif_init`), before any
/// decode can race to set its plugins up.
struct LibHeif: @unchecked Sendable {
    let contextAlloc: cg_heif_context_alloc_fn
    let contextFree: cg_heif_context_free_fn
    let setMaximumImageSizeLimit: cg_heif_context_set_maximum_image_size_limit_fn
    let readFromMemoryWithoutCopy: cg_heif_context_read_from_memory_without_copy_fn
    let primaryImageHandle: cg_heif_context_get_primary_image_handle_fn
    let handleRelease: cg_heif_image_handle_release_fn
    let handleWidth: cg_heif_image_handle_get_width_fn
    let handleHeight: cg_heif_image_handle_get_height_fn
    let numberOfThumbnails: cg_heif_image_handle_get_number_of_thumbnails_fn
    let thumbnailIDs: cg_heif_image_handle_get_list_of_thumbnail_IDs_fn
    let thumbnail: cg_heif_image_handle_get_thumbnail_fn
    let decodingOptionsAlloc: cg_heif_decoding_options_alloc_fn
    let decodingOptionsFree: cg_heif_decoding_options_free_fn
    let decodeImage: cg_heif_decode_image_fn
    let imageRelease: cg_heif_image_release_fn
    let imageWidth: cg_heif_image_get_width_fn
    let imageHeight: cg_heif_image_get_height_fn
    let planeReadonly: cg_heif_image_get_plane_readonly_fn

    /// The library, or why it cannot be used (not installed, or too old to have a function).
    static let shared: Result<LibHeif, ImageRefusal> = open("libheif.so.1")

    static func open(_ file: String) -> Result<LibHeif, ImageRefusal> {
        guard let library = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(ImageRefusal("HEIF and AVIF need libheif, which is not installed (\(file))"))
        }
        func need<F>(_ name: String) throws(ImageRefusal) -> F {
            guard let symbol = dlsym(library, name) else { throw ImageRefusal("HEIF and AVIF need a newer libheif (\(file) lacks \(name))") }
            return unsafeBitCast(symbol, to: F.self)
        }
        do throws(ImageRefusal) {
            let initialise: cg_heif_init_fn = try need("heif_init")
            let api = LibHeif(
                contextAlloc: try need("heif_context_alloc"), contextFree: try need("heif_context_free"),
                setMaximumImageSizeLimit: try need("heif_context_set_maximum_image_size_limit"),
                readFromMemoryWithoutCopy: try need("heif_context_read_from_memory_without_copy"),
                primaryImageHandle: try need("heif_context_get_primary_image_handle"),
                handleRelease: try need("heif_image_handle_release"), handleWidth: try need("heif_image_handle_get_width"),
                handleHeight: try need("heif_image_handle_get_height"),
                numberOfThumbnails: try need("heif_image_handle_get_number_of_thumbnails"),
                thumbnailIDs: try need("heif_image_handle_get_list_of_thumbnail_IDs"),
                thumbnail: try need("heif_image_handle_get_thumbnail"),
                decodingOptionsAlloc: try need("heif_decoding_options_alloc"), decodingOptionsFree: try need("heif_decoding_options_free"),
                decodeImage: try need("heif_decode_image"), imageRelease: try need("heif_image_release"),
                imageWidth: try need("heif_image_get_width"), imageHeight: try need("heif_image_get_height"),
                planeReadonly: try need("heif_image_get_plane_readonly"))
            _ = initialise(nil)
            return .success(api)
        } catch {
            dlclose(library)
            return .failure(error)
        }
    }
}
