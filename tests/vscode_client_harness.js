// Runs editors/vscode/extension.js outside VS Code for tests/test_editors.py: `vscode` and
// `vscode-languageclient/node` are replaced by stand-ins that record what the extension asks of
// them. Usage: node vscode_client_harness.js EXTENSION_JS SCENARIO_JSON; prints a JSON report.
'use strict';

const Module = require('module');

const [extensionPath, scenarioText] = process.argv.slice(2);
const scenario = JSON.parse(scenarioText);
const events = [];
const commands = {};
const settings = { 'server.command': scenario.command === undefined ? undefined : scenario.command };
let configListener = null;

const disposable = { dispose() {} };
const vscode = {
  workspace: {
    workspaceFolders: scenario.folder ? [{ uri: { fsPath: scenario.folder } }] : undefined,
    getConfiguration: (section) => ({ get: (key) => (section === 'ratdsl' ? settings[key] : undefined) }),
    createFileSystemWatcher: (glob) => ({ glob }),
    onDidChangeConfiguration: (listener) => {
      configListener = listener;
      return disposable;
    },
  },
  window: {
    showErrorMessage: (message) => events.push({ error: message }),
  },
  commands: {
    registerCommand: (name, handler) => {
      commands[name] = handler;
      return disposable;
    },
  },
};

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    this.id = id;
    events.push({
      client: { id, name, serverOptions, documentSelector: clientOptions.documentSelector,
                watched: clientOptions.synchronize.fileEvents.glob },
    });
  }

  async start() {
    events.push({ start: this.id });
    if (scenario.failStart) {
      throw new Error('spawn ratdsl ENOENT');
    }
  }

  async stop() {
    events.push({ stop: this.id });
  }
}

const languageclient = { LanguageClient };
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'vscode') {
    return vscode;
  }
  if (request === 'vscode-languageclient/node') {
    return languageclient;
  }
  return load.call(this, request, ...rest);
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

(async () => {
  const extension = require(extensionPath);
  const context = { subscriptions: [] };
  await extension.activate(context);
  for (const step of scenario.steps || []) {
    events.push({ step: step.do });
    if (step.do === 'change') {
      settings['server.command'] = step.command;
      configListener({ affectsConfiguration: (name) => name === step.affects });
      await tick();
    } else if (step.do === 'restart') {
      await commands['ratdsl.restartServer']();
    }
  }
  await extension.deactivate();
  events.push({ step: 'deactivated' });
  console.log(JSON.stringify({ events, commands: Object.keys(commands), subscriptions: context.subscriptions.length }));
})().catch((err) => {
  console.error(err && err.stack ? err.stack : String(err));
  process.exit(3);
});
