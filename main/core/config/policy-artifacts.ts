/**
 * Renders IT's deployment files from the one schema (main/core/config/policy-keys.ts): the Windows ADMX/ADML
 * Group Policy templates, the sample macOS `.mobileconfig`, the sample policy.json and the policy reference
 * (docs/policy-reference.md, a whole generated page). `npm run policy:generate` writes them;
 * test/unit/core/config/policy-artifacts.test.ts checks the committed ones are what this renders, so they
 * cannot drift from the schema.
 */
import { format } from 'prettier';
import plist from 'plist';
import { z } from 'zod';
import { envName } from './config-schema.ts';
import { KEYS, PLATFORMS, type KeySpec } from './policy-keys.ts';
import { BUNDLE_ID, POLICY_REGISTRY_KEY } from './policy.ts';

/** Where each artifact lives, relative to the repository. */
export const ARTIFACT_PATHS = {
  admx: 'main/shells/electron/packaging/ScribeDesktop.admx',
  adml: 'main/shells/electron/packaging/en-US/ScribeDesktop.adml',
  mobileconfig: 'main/shells/electron/packaging/scribe-desktop.sample.mobileconfig',
  policyJson: 'main/shells/electron/packaging/policy.json',
  reference: 'docs/policy-reference.md',
} as const;

type Entry = [name: string, spec: KeySpec];
const POLICY_KEYS: Entry[] = (Object.entries(KEYS) as Entry[]).filter(
  ([, spec]) => !spec.deniedLayers?.includes('policy'),
);
const REGISTRY_PATH = POLICY_REGISTRY_KEY.replace(/^HKLM\\/, '');
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const xml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

type Shape =
  | { kind: 'bool' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'text'; list: boolean };

function shapeOf(schema: z.ZodType): Shape {
  if (schema instanceof z.ZodBoolean) return { kind: 'bool' };
  if (schema instanceof z.ZodEnum) return { kind: 'enum', options: schema.options.map(String) };
  if (schema instanceof z.ZodNumber)
    return { kind: 'int', min: schema.minValue ?? 0, max: schema.maxValue ?? 2147483647 };
  return { kind: 'text', list: schema instanceof z.ZodArray };
}

function admxPolicy([name, spec]: Entry): string {
  const id = pascal(name);
  const shape = shapeOf(spec.schema);
  const head = `    <policy name="${id}" class="Both" displayName="$(string.${id})" explainText="$(string.${id}_Help)"`;
  const common = `      <parentCategory ref="ScribeDesktop" />\n      <supportedOn ref="SUPPORTED_ScribeDesktop" />\n`;
  if (shape.kind === 'bool')
    return `${head} key="${REGISTRY_PATH}" valueName="${name}">\n${common}      <enabledValue><decimal value="1" /></enabledValue>\n      <disabledValue><decimal value="0" /></disabledValue>\n    </policy>`;
  const element =
    shape.kind === 'enum'
      ? `<enum id="${id}_Value" valueName="${name}" required="true">\n${shape.options
          .map(
            (o) =>
              `          <item displayName="$(string.${id}_${o})"><value><string>${xml(o)}</string></value></item>`,
          )
          .join('\n')}\n        </enum>`
      : shape.kind === 'int'
        ? `<decimal id="${id}_Value" valueName="${name}" required="true" minValue="${shape.min}" maxValue="${shape.max}" />`
        : `<text id="${id}_Value" valueName="${name}" required="true" maxLength="4096" />`;
  return `${head} presentation="$(presentation.${id})" key="${REGISTRY_PATH}">\n${common}      <elements>\n        ${element}\n      </elements>\n    </policy>`;
}

function renderAdmx(): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<!--
  GENERATED from main/core/config/policy-keys.ts by npm run policy:generate: do not edit by hand.
  Group Policy template for Scribe Desktop. Copy to C:\\Windows\\PolicyDefinitions (or the central store)
  with en-US\\ScribeDesktop.adml. Computer policies are written to ${POLICY_REGISTRY_KEY}, user policies to the
  same key under HKCU (read when the computer has none); value names are the app's configuration keys.
-->
<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <policyNamespaces>
    <target prefix="scribedesktop" namespace="ScribeDesktop.Policies.ScribeDesktop" />
    <using prefix="windows" namespace="Microsoft.Policies.Windows" />
  </policyNamespaces>
  <resources minRequiredRevision="1.0" />
  <supportedOn>
    <definitions>
      <definition name="SUPPORTED_ScribeDesktop" displayName="$(string.SUPPORTED_ScribeDesktop)" />
    </definitions>
  </supportedOn>
  <categories>
    <category name="ScribeDesktop" displayName="$(string.ScribeDesktop)" />
  </categories>
  <policies>
${POLICY_KEYS.map(admxPolicy).join('\n')}
  </policies>
</policyDefinitions>
`;
}

/**
 * A default as IT would type it: a list with commas, a map or list of maps as JSON; an empty list as "none",
 * an empty map as no changes (a map is laid over built-in defaults its description names).
 */
function defaultText(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(',') || 'none';
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value) && value.length === 0) return 'none';
  return Object.keys(value).length === 0 ? 'no changes to the defaults' : JSON.stringify(value);
}

function explain([name, spec]: Entry): string {
  const shape = shapeOf(spec.schema);
  const list = shape.kind === 'text' && shape.list ? ' Several values are separated by commas.' : '';
  const dflt = spec.default === undefined ? '' : ` Not configured: ${defaultText(spec.default)}.`;
  return `${spec.description}${list}${dflt} (Registry value ${name}.)`;
}

function admlStrings(entry: Entry): string[] {
  const [name, spec] = entry;
  const id = pascal(name);
  const shape = shapeOf(spec.schema);
  const options =
    shape.kind === 'enum' ? shape.options.map((o) => `      <string id="${id}_${o}">${xml(o)}</string>`) : [];
  return [
    `      <string id="${id}">${xml(spec.title)}</string>`,
    `      <string id="${id}_Help">${xml(explain(entry))}</string>`,
    ...options,
  ];
}

function admlPresentation([name, spec]: Entry): string | undefined {
  const id = pascal(name);
  const label = xml(spec.title);
  switch (shapeOf(spec.schema).kind) {
    case 'bool':
      return undefined;
    case 'enum':
      return `      <presentation id="${id}"><dropdownList refId="${id}_Value">${label}</dropdownList></presentation>`;
    case 'int':
      return `      <presentation id="${id}"><decimalTextBox refId="${id}_Value">${label}</decimalTextBox></presentation>`;
    default:
      return `      <presentation id="${id}"><textBox refId="${id}_Value"><label>${label}</label></textBox></presentation>`;
  }
}

function renderAdml(): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<!-- GENERATED from main/core/config/policy-keys.ts by npm run policy:generate: do not edit by hand. -->
<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <displayName>Scribe Desktop</displayName>
  <description>Managed settings for Scribe Desktop.</description>
  <resources>
    <stringTable>
      <string id="ScribeDesktop">Scribe Desktop</string>
      <string id="SUPPORTED_ScribeDesktop">Scribe Desktop 0.1 and later</string>
${POLICY_KEYS.flatMap(admlStrings).join('\n')}
    </stringTable>
    <presentationTable>
${POLICY_KEYS.map(admlPresentation)
  .filter((p) => p !== undefined)
  .join('\n')}
    </presentationTable>
  </resources>
</policyDefinitionResources>
`;
}

/** The sample values (keys with an `example`), shared by policy.json and the .mobileconfig. */
function sampleValues(): Record<string, unknown> {
  return Object.fromEntries(
    POLICY_KEYS.filter(([, spec]) => spec.example !== undefined).map(([name, spec]) => [name, spec.example]),
  );
}

function renderMobileconfig(): string {
  const profile = {
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: 'com.example.clinic.scribedesktop',
    PayloadUUID: '7C1E6F0A-2B9D-4D55-9A43-3B8E0E6F1C21',
    PayloadDisplayName: 'Scribe Desktop settings',
    PayloadOrganization: 'Example Clinic',
    PayloadScope: 'System',
    PayloadContent: [
      {
        PayloadType: BUNDLE_ID,
        PayloadVersion: 1,
        PayloadIdentifier: 'com.example.clinic.scribedesktop.settings',
        PayloadUUID: '0D5B7C62-8E41-4F0B-B7A2-6A9C51E2D3F4',
        PayloadDisplayName: 'Scribe Desktop managed settings',
        ...sampleValues(),
      },
    ],
  };
  const built = plist.build(profile as plist.PlistValue, { indent: '  ', pretty: true });
  const comment = `<!--
  GENERATED from main/core/config/policy-keys.ts by npm run policy:generate: do not edit by hand.
  Sample MDM profile: managed preferences for Scribe Desktop (preference domain = the app's bundle id,
  ${BUNDLE_ID}), installed at /Library/Managed Preferences/${BUNDLE_ID}.plist. Keys are the app's
  configuration keys, as in the JSON policy file. Replace the UUIDs and the organization before deploying.
  MDM cannot pre-approve the microphone (the person is asked once); it can pre-approve Accessibility (for
  dictation into other apps) with a separate Privacy Preferences Policy Control payload.
-->\n`;
  return `${built.replace(/(<!DOCTYPE[^>]*>\n)/, `$1${comment}`)}\n`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

function typeText(spec: KeySpec): string {
  const shape = shapeOf(spec.schema);
  switch (shape.kind) {
    case 'bool':
      return 'true/false';
    case 'enum':
      return shape.options.map((o) => `\`${o}\``).join(', ');
    case 'int':
      return `whole number ${shape.min}–${shape.max}`;
    default:
      return shape.list ? 'list (comma-separated as text)' : 'text';
  }
}

function renderReferenceTable(): string {
  const rows = (Object.entries(KEYS) as Entry[]).map(([name, spec]) => {
    const denied = spec.deniedLayers ?? [];
    const from = [
      denied.includes('policy') ? '' : 'policy',
      denied.includes('settings') ? '' : 'settings',
      denied.includes('env') ? '' : `\`${envName(name)}\``,
    ].filter(Boolean);
    const platforms =
      (spec.platforms ?? PLATFORMS).length === PLATFORMS.length ? 'all' : spec.platforms!.join(', ');
    const dflt = spec.default === undefined ? '—' : `\`${JSON.stringify(spec.default)}\``;
    return `| \`${name}\` | ${cell(typeText(spec))} | ${dflt} | ${from.join(', ')} | ${platforms} | ${cell(spec.description)} |`;
  });
  return [
    '| key | value | default | set by | platforms | what it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The policy reference page: every key, from the schema, with a line on how to read it. */
async function renderReference(): Promise<string> {
  const page = [
    '<!-- GENERATED from main/core/config/policy-keys.ts by `npm run policy:generate`: do not edit by hand. -->',
    '',
    '# Policy reference',
    '',
    'Every configuration key, generated from the one schema (`main/core/config/policy-keys.ts`) like the',
    'Group Policy templates and the samples in `main/shells/electron/packaging/` (a test fails when they',
    "differ). _Set by_ says where a key may come from: the managed policy, the person's own settings, the",
    'environment (`SCRIBE_` and the key in capitals, words joined by `_`). Which source wins, where the',
    'policy lives on each system and how to deploy it: [the IT guide](it-guide.md#configuration).',
    '',
    renderReferenceTable(),
    '',
  ].join('\n');
  return format(page, { parser: 'markdown', printWidth: 110, singleQuote: true });
}

/** Every generated file, by path. */
export async function renderArtifacts(): Promise<Record<string, string>> {
  return {
    [ARTIFACT_PATHS.admx]: renderAdmx(),
    [ARTIFACT_PATHS.adml]: renderAdml(),
    [ARTIFACT_PATHS.mobileconfig]: renderMobileconfig(),
    [ARTIFACT_PATHS.policyJson]: await format(JSON.stringify(sampleValues()), {
      parser: 'json',
      singleQuote: true,
      printWidth: 110,
    }),
    [ARTIFACT_PATHS.reference]: await renderReference(),
  };
}
