/// What a client may send, at most: beyond any of these the request is refused with its own 4xx, before more of it
/// is read. Peach's page sends a few hundred bytes a request; these leave room and bound the memory a client costs.
/// One address may take a larger body (`upload`: a file the user chose, a CSV to import), and only from a client whose
/// request head the server has already let in (`HTTPRequestReader.read(_:limits:admitsUpload:)`).
public struct HTTPLimits: Equatable, Sendable {
    public struct Upload: Equatable, Sendable {
        /// The path a POST takes the larger body at.
        public var path: String
        public var bodyBytes: Int

        public init(path: String, bodyBytes: Int) {
            self.path = path
            self.bodyBytes = bodyBytes
        }
    }

    public var requestLineBytes: Int
    public var headerCount: Int
    public var headerBytes: Int
    public var bodyBytes: Int
    public var upload: Upload?

    public init(requestLineBytes: Int = 8_192, headerCount: Int = 64, headerBytes: Int = 16_384, bodyBytes: Int = 65_536,
                upload: Upload? = nil) {
        self.requestLineBytes = requestLineBytes
        self.headerCount = headerCount
        self.headerBytes = headerBytes
        self.bodyBytes = bodyBytes
        self.upload = upload
    }

    public static let standard = HTTPLimits()
}
