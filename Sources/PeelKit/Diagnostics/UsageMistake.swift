/// A failure that means the command asked for something the catalog does not have (a pack it lacks,
/// a platform with its own export): bad usage, which a command exits with 2 for, not a failure
/// while doing the work (1). `description` says what was asked for and what there is.
public protocol UsageMistake: Error, CustomStringConvertible {}
