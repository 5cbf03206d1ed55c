import Foundation
import PackagePlugin

/// Embeds the package's top-level `Templates/` folder into the target as `EmbeddedTemplates`,
/// so the default theme travels inside the `peel` binary.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
        let inputs = names
            .filter { !$0.hasPrefix(".") }
            .sorted()
            .map { templates.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) templates",
                executable: try context.tool(named: "peel-embed-templates").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
