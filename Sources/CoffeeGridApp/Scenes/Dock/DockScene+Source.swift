/// The dock's SwiftUI: chapter 34's final ContentView as the chapter leaves it, with the starter
/// project's `Photo` and `samplePhotos` (the twenty coffee photos). The view layer runs it: the
/// scene reads its containers, their photos' looks and its animation from the tree
/// (`DockViews`), and the code panel prints it.
extension DockScene {
    static let source = SeedCode.photoSwift + """
        struct ContentView: View {
            @State private var photoSet = samplePhotos
            @State private var selectedPhotos: [Photo] = []
            @State private var selectedPhotoId: UUID?
            @Namespace private var photoTransition

            var body: some View {
                VStack {
                    ScrollView {
                        HStack {
                            Text("Photos")
                                .font(.system(.title, design: .rounded))
                                .fontWeight(.heavy)

                            Spacer()
                        }

                        LazyVGrid(columns: [ GridItem(.adaptive(minimum: 50)) ]) {

                            ForEach(photoSet) { photo in

                                Image(photo.name)
                                    .resizable()
                                    .scaledToFill()
                                    .frame(minWidth: 0, maxWidth: .infinity)
                                    .frame(height: 60)
                                    .cornerRadius(3.0)
                                    .matchedGeometryEffect(id: photo.id, in: photoTransition)
                                    .onTapGesture {
                                        selectedPhotos.append(photo)
                                        selectedPhotoId = photo.id
                                        if let index = photoSet.firstIndex(where: { $0.id == photo.id }) {
                                            photoSet.remove(at: index)
                                        }
                                    }
                            }
                        }
                    }

                    ScrollViewReader { scrollProxy in
                        ScrollView(.horizontal, showsIndicators: false) {
                            LazyHGrid(rows: [ GridItem() ]) {
                                ForEach(selectedPhotos) { photo in
                                    Image(photo.name)
                                        .resizable()
                                        .scaledToFill()
                                        .frame(minWidth: 0, maxWidth: .infinity)
                                        .frame(height: 100)
                                        .cornerRadius(3.0)
                                        .id(photo.id)
                                        .matchedGeometryEffect(id: photo.id, in: photoTransition)
                                        .onTapGesture {
                                            photoSet.append(photo)
                                            if let index = selectedPhotos.firstIndex(where: { $0.id == photo.id }) {
                                                selectedPhotos.remove(at: index)
                                            }
                                        }
                                }
                            }
                        }
                        .frame(height: 100)
                        .padding()
                        .background(Color(.systemGray6))
                        .cornerRadius(5)
                        .onChange(of: selectedPhotoId) { oldValue, newValue in
                            withAnimation {
                                scrollProxy.scrollTo(newValue)
                            }
                        }
                    }
                }
                .padding()
                .animation(.interactiveSpring(), value: selectedPhotoId)
            }
        }
        """
}
