// The VS Code client of the ratdsl language server: it starts `ratdsl lsp` (or the command in the
// setting `ratdsl.server.command`) on stdio for every .rat file and restarts it when the setting
// changes. Everything the editor shows beyond colours comes from the server.
'use strict';

const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

const SECTION = 'ratdsl';
const DEFAULT_COMMAND = ['ratdsl', 'lsp'];

let client;

/**
 * The program and arguments to run, from the setting's value: a non-empty list of strings, with
 * `${workspaceFolder}` and a leading `~` expanded (a virtualenv's ratdsl is the usual reason).
 * Returns an error message instead when the value is not such a list.
 */
function serverCommand(value, workspaceFolder, home) {
  const parts = value === undefined || value === null ? DEFAULT_COMMAND : value;
  if (!Array.isArray(parts) || parts.length === 0 || !parts.every((p) => typeof p === 'string' && p !== '')) {
    return { error: 'ratdsl.server.command must be a list of words, e.g. ["ratdsl", "lsp"]' };
  }
  const expand = (word) => {
    let out = word;
    if (out.includes('${workspaceFolder}')) {
      if (!workspaceFolder) {
        return null;
      }
      out = out.split('${workspaceFolder}').join(workspaceFolder);
    }
    if (out === '~' || out.startsWith('~/')) {
      out = path.join(home, out.slice(1));
    }
    return out;
  };
  const words = parts.map(expand);
  if (words.includes(null)) {
    return { error: 'ratdsl.server.command uses ${workspaceFolder}, but no folder is open' };
  }
  return { command: words[0], args: words.slice(1) };
}

function firstWorkspaceFolder() {
  const folders = vscode.workspace.workspaceFolders;
  return folders && folders.length > 0 ? folders[0].uri.fsPath : undefined;
}

async function startClient() {
  const folder = firstWorkspaceFolder();
  const setting = vscode.workspace.getConfiguration(SECTION).get('server.command');
  const resolved = serverCommand(setting, folder, os.homedir());
  if (resolved.error) {
    vscode.window.showErrorMessage(resolved.error);
    return;
  }
  // No `transport`: the client then talks over the process's stdin/stdout and runs the command
  // exactly as the setting gives it (TransportKind.stdio would append `--stdio`).
  const executable = {
    command: resolved.command,
    args: resolved.args,
    options: folder ? { cwd: folder } : {},
  };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'ratdsl' },
      { scheme: 'untitled', language: 'ratdsl' },
    ],
    synchronize: {
      // Locale and scenario files name declarations too (hover, rename).
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{rat,ftl,yaml,yml,toml,json}'),
    },
  };
  client = new LanguageClient(SECTION, 'ratdsl', { run: executable, debug: executable }, clientOptions);
  try {
    await client.start();
  } catch (err) {
    const shown = [resolved.command].concat(resolved.args).join(' ');
    vscode.window.showErrorMessage(
      `ratdsl: could not start the language server with \`${shown}\` (${err && err.message ? err.message : err}). ` +
        'Install ratdsl where VS Code finds it on PATH, or set ratdsl.server.command.'
    );
  }
}

async function stopClient() {
  const running = client;
  client = undefined;
  if (running) {
    try {
      await running.stop();
    } catch (err) {
      // A server that never started cannot be stopped; nothing is left to clean up.
    }
  }
}

async function restartClient() {
  await stopClient();
  await startClient();
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('ratdsl.restartServer', restartClient),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('ratdsl.server.command')) {
        restartClient();
      }
    })
  );
  await startClient();
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate, serverCommand };
