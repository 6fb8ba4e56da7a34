/**
 * Generated code dropped into this repository, without touching it: the files of a gen-code zip and
 * the registration lines of its GENERATED.md laid over the real sources, then compiled with the
 * TypeScript compiler (each program with its package's own tsconfig), and loaded from a temporary
 * copy of packages/domain to read the definitions back.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { applyRegistration, type Registration } from '../src/modules/develop/codegen/index';

export const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/** The registration steps GENERATED.md carries for tools (its json block). */
export function registrationsIn(notes: string): Registration[] {
  const block = /```json\n([\s\S]*?)\n```/.exec(notes);
  if (!block) throw new Error('GENERATED.md has no json block');
  return JSON.parse(block[1]!) as Registration[];
}

/** Path in the repository → text: the generated files, and the files the registrations change, changed. */
export function overlayOf(files: Record<string, string>, registrations: Registration[]): Map<string, string> {
  const overlay = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) overlay.set(path, text);
  for (const registration of registrations) {
    const current = overlay.get(registration.file) ?? readFileSync(join(REPOSITORY, registration.file), 'utf8');
    overlay.set(registration.file, applyRegistration(current, registration));
  }
  return overlay;
}

/** The compiler's problems with `roots` under `tsconfig`, the overlay's files read instead of (or beside) the repository's. */
export function typeProblems(overlay: Map<string, string>, tsconfig: string, roots: string[]): string[] {
  const byPath = new Map([...overlay].map(([path, text]) => [resolve(REPOSITORY, path), text]));
  const configPath = resolve(REPOSITORY, tsconfig);
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const { fileExists, readFile, directoryExists, getSourceFile } = host;
  host.fileExists = (file) => byPath.has(resolve(file)) || fileExists.call(host, file);
  host.readFile = (file) => byPath.get(resolve(file)) ?? readFile.call(host, file);
  host.directoryExists = (dir) =>
    [...byPath.keys()].some((path) => path.startsWith(`${resolve(dir)}/`)) || (directoryExists?.call(host, dir) ?? false);
  host.getSourceFile = (file, language, onError, fresh) => {
    const text = byPath.get(resolve(file));
    return text === undefined
      ? getSourceFile.call(host, file, language, onError, fresh)
      : ts.createSourceFile(file, text, language);
  };
  const program = ts.createProgram({ rootNames: roots.map((r) => resolve(REPOSITORY, r)), options: config.options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.replace(REPOSITORY, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} `
      : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/**
 * packages/domain copied to a temporary folder with the overlay's domain files in it, and loaded:
 * the definitions and messages as the product would read them once the code is dropped in.
 */
export async function loadDomainWith(overlay: Map<string, string>): Promise<{ domain: Record<string, any>; remove(): void }> {
  const root = mkdtempSync(join(tmpdir(), 'pc-develop-domain-'));
  cpSync(join(REPOSITORY, 'packages/domain'), join(root, 'packages/domain'), {
    recursive: true,
    filter: (source) => !source.includes('node_modules'),
  });
  cpSync(join(REPOSITORY, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  // Its packages (TypeBox) resolve from the repository's node_modules.
  symlinkSync(join(REPOSITORY, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [path, text] of overlay) {
    if (!path.startsWith('packages/domain/')) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const domain = (await import(pathToFileURL(join(root, 'packages/domain/src/index.ts')).href)) as Record<string, any>;
  return { domain, remove: () => rmSync(root, { recursive: true, force: true }) };
}
