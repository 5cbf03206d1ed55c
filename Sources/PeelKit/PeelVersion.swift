/// Peel's version, shown by `peel --version`.
public enum PeelVersion {
    public static let current = "0.1.0"
}
