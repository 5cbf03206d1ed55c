#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes every byte to a file descriptor, again where a signal interrupted it or the system took
/// only part: how Peel writes its files (`SafeFile`, `StreamedFile`) and the CLI its output.
public enum FileDescriptorWrite {
    /// The errno of a failure, else 0.
    public static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }
}
