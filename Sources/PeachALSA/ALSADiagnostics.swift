import CALSA

/// libasound's own diagnostics, kept off stderr (see shim.h) and read back where a call failed.
enum ALSADiagnostics {
    /// Installs the handler once per process, before the first client opens.
    static let installed: Bool = { peach_alsa_install_error_handler() == 0 }()

    /// The calling thread's last libasound message ("" if none); reading clears it.
    static func takeMessage() -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            peach_alsa_take_message(buffer.baseAddress, 512)
            return String(cString: buffer.baseAddress!)
        }
    }

    /// Turns a libasound return code into a thrown `SequencerError.call` when negative.
    @discardableResult
    static func check(_ result: Int32, _ function: String) throws(SequencerError) -> Int32 {
        guard result < 0 else { return result }
        throw .call(function, code: result, detail: takeMessage())
    }
}
