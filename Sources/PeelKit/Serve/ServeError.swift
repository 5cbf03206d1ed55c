/// Why `peel serve` could not start.
public enum ServeError: Error, Sendable, CustomStringConvertible {
    case portInUse(port: UInt16)
    case cannotListen(port: UInt16, reason: String)

    public var description: String {
        switch self {
        case .portInUse(let port):
            return "error: port \(port) is already in use; pick another with --port \(port == UInt16.max ? port - 1 : port + 1), or --port 0 for any free port"
        case .cannotListen(let port, let reason):
            return "error: cannot listen on 127.0.0.1:\(port): \(reason)"
        }
    }
}
