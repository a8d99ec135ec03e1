/**
 * Type-checks a snippet as if it were a file of the project, with one tsconfig's own options:
 * the probes in workerLib.test.ts and wasmTypes.test.ts use it to show that a config catches
 * what it is there to catch. The options are read from the config file through TypeScript's
 * API, so what is tested is the config as committed; the snippet lives only in memory, at a
 * made-up path inside the folder the config covers, so no deliberately broken file sits in
 * the tree for `tsc -b` to trip over.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The parsed config at `configPath` (relative to the repository). */
export function readConfig(configPath: string): ts.ParsedCommandLine {
  const file = ROOT + configPath;
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const folder = file.slice(0, file.lastIndexOf('/') + 1);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, folder, undefined, file);
}

/** The messages TypeScript gives for `code` at `probePath` under the config's options. */
export function diagnosticsOf(configPath: string, probePath: string, code: string): string[] {
  const { options } = readConfig(configPath);
  const probe = ROOT + probePath;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName === probe
      ? ts.createSourceFile(fileName, code, languageVersion)
      : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === probe || fileExists(fileName);
  const program = ts.createProgram([probe], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === probe)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}
