/**
 * The dictation microphones and foot pedals we know, as data: USB ids, the HID interface (usage page) that
 * carries their buttons, where the button bits sit in an input report, and the output report that sets the
 * recording LED.
 *
 * Source: GoogleChromeLabs `dictation_support` (Apache-2.0; read, not copied), src/dictation_device_manager.ts
 * (device filters), src/powermic_3_device.ts, src/speechmike_hid_device.ts and src/foot_control_device.ts
 * (button bit masks, LED reports), https://github.com/GoogleChromeLabs/dictation_support. It describes WebHID,
 * whose report data carries no report-id byte — as hidapi's reads do for these devices (native/hid.ts).
 * PowerMic II: the same USB ids (0554:1001) as the PowerMic III in public tools (its product string reads
 * "PowerMicII-NS"); that it shares the III's report layout and LED report is a guess no device here confirmed.
 */
import type { MicButton, MicModel } from '../../../../preload/contract/mic-codes.ts';

/** How a model's input reports are laid out. */
type Layout =
  /** PowerMic II/III: a 16-bit little-endian button mask at bytes 1–2. */
  | 'powermic'
  /** SpeechMike protocol (SpeechMike, PowerMic 4): byte 0 is a command; 0x80 a button event, mask at 7–8. */
  | 'speechmike'
  /** Philips foot controls: the button mask is byte 0. */
  | 'pedal';

/** One USB identity and the interface that carries the buttons. */
interface MicIdentity {
  readonly vendorId: number;
  readonly productId: number;
  /** The interface's usage page (0xFFA0 is the SpeechMike protocol's vendor page). */
  readonly usagePage: number;
  readonly layout: Layout;
  readonly buttons: Readonly<Partial<Record<MicButton, number>>>;
  /** Tells two models with one USB id apart by the product string. */
  readonly product?: RegExp;
  readonly model: MicModel;
}

const NUANCE = 0x0554;
const PHILIPS = 0x0911;
const SPEECHMIKE_PAGE = 0xffa0;

const POWERMIC_BITS = {
  transcribe: 1 << 0,
  tabBackward: 1 << 1,
  record: 1 << 2,
  tabForward: 1 << 3,
  rewind: 1 << 4,
  forward: 1 << 5,
  play: 1 << 6,
  customLeft: 1 << 7,
  enterSelect: 1 << 8,
  customRight: 1 << 9,
} as const;

const SPEECHMIKE_BITS = {
  endOfLetter: 1 << 0,
  f1: 1 << 1,
  f2: 1 << 2,
  f3: 1 << 3,
  f4: 1 << 4,
  command: 1 << 5,
  record: 1 << 8,
  stop: 1 << 9,
  play: 1 << 10,
  forward: 1 << 11,
  rewind: 1 << 12,
  insertOverwrite: 1 << 14,
  instruction: 1 << 15,
} as const;

// The PowerMic 4 speaks the SpeechMike protocol with its own meaning for some bits.
const POWERMIC_4_BITS = {
  f1: 1 << 1,
  f2: 1 << 2,
  f3: 1 << 3,
  f4: 1 << 4,
  command: 1 << 5,
  record: 1 << 8,
  play: 1 << 10,
  tabForward: 1 << 11,
  tabBackward: 1 << 12,
  rewind: 1 << 13,
  forward: 1 << 14,
  enterSelect: 1 << 15,
} as const;

// Left, middle, right (and the 4-pedal model's top pedal) in the order the public source names them:
// rewind, play, forward, end-of-letter.
const PEDAL_BITS = { pedalLeft: 1 << 0, pedalMiddle: 1 << 1, pedalRight: 1 << 2, pedalTop: 1 << 3 } as const;

const speechMike = (productId: number): MicIdentity => ({
  vendorId: PHILIPS,
  productId,
  usagePage: SPEECHMIKE_PAGE,
  layout: 'speechmike',
  buttons: SPEECHMIKE_BITS,
  model: 'speechmike',
});

/** Every identity we open, first match wins. */
const MIC_TABLE: readonly MicIdentity[] = [
  {
    vendorId: NUANCE,
    productId: 0x1001,
    usagePage: 0x0001,
    layout: 'powermic',
    buttons: POWERMIC_BITS,
    product: /powermic\s*-?\s*ii(?!i)/i,
    model: 'powermic-2',
  },
  {
    vendorId: NUANCE,
    productId: 0x1001,
    usagePage: 0x0001,
    layout: 'powermic',
    buttons: POWERMIC_BITS,
    model: 'powermic-3',
  },
  {
    vendorId: NUANCE,
    productId: 0x0064,
    usagePage: SPEECHMIKE_PAGE,
    layout: 'speechmike',
    buttons: POWERMIC_4_BITS,
    model: 'powermic-4',
  },
  speechMike(0x0c1c), // wired SpeechMikes (LFH35xx, LFH36xx, SMP37xx, SMP38xx) in HID mode
  speechMike(0x0c1d), // SpeechMike Premium Air (SMP40xx) in HID mode
  speechMike(0x0c1e), // SpeechOne (PSM6000) in HID mode
  {
    vendorId: PHILIPS,
    productId: 0x1844,
    usagePage: 0x0001,
    layout: 'pedal',
    buttons: PEDAL_BITS,
    model: 'foot-control',
  },
  {
    vendorId: PHILIPS,
    productId: 0x091a,
    usagePage: 0x0001,
    layout: 'pedal',
    buttons: PEDAL_BITS,
    model: 'foot-control',
  },
];

/** What `identify` needs of a listed interface. */
interface Listed {
  readonly vendorId: number;
  readonly productId: number;
  readonly usagePage: number;
  readonly product: string;
}

/**
 * The identity of a listed HID interface, or null when it is not one of ours (or is another interface of
 * our device, such as a SpeechMike's keyboard). A usage page of 0 means the OS did not say: accepted.
 */
export function identify(device: Listed): MicIdentity | null {
  return (
    MIC_TABLE.find(
      (m) =>
        m.vendorId === device.vendorId &&
        m.productId === device.productId &&
        (device.usagePage === 0 || device.usagePage === m.usagePage) &&
        (!m.product || m.product.test(device.product)),
    ) ?? null
  );
}

/** The buttons an input report says are down; null for a report that is not about buttons. */
export function pressedButtons(identity: MicIdentity, report: Uint8Array): Set<MicButton> | null {
  const mask = maskOf(identity.layout, report);
  if (mask === null) return null;
  const down = new Set<MicButton>();
  for (const [button, bit] of Object.entries(identity.buttons) as [MicButton, number][])
    if ((mask & bit) !== 0) down.add(button);
  return down;
}

function maskOf(layout: Layout, r: Uint8Array): number | null {
  switch (layout) {
    case 'powermic':
      return r.length >= 3 ? r[1]! | (r[2]! << 8) : null;
    case 'speechmike':
      // Other commands (motion, wireless status, answers to our commands) carry no buttons.
      return r.length >= 9 && r[0] === 0x80 ? r[7]! | (r[8]! << 8) : null;
    case 'pedal':
      return r.length >= 1 ? r[0]! : null;
    default: {
      const exhaustive: never = layout;
      return exhaustive;
    }
  }
}

/** The output report that shows recording (true) or idle on the device's LED; null: it has none. */
export function ledReport(
  identity: MicIdentity,
  recording: boolean,
): { reportId: number; data: number[] } | null {
  switch (identity.layout) {
    case 'powermic':
      // 0 off, 1 red, 2 green: red while recording, as Dragon shows it.
      return { reportId: 0, data: [recording ? 1 : 0] };
    case 'speechmike': {
      // Command 0x02 (set LEDs) and 8 bytes; byte 5 bits 2–3 are the record LED's red: 3 = steady on.
      const leds = [0, 0, 0, 0, 0, recording ? 3 << 2 : 0, 0, 0];
      return { reportId: 0, data: [0x02, ...leds] };
    }
    case 'pedal':
      return null;
    default: {
      const exhaustive: never = identity.layout;
      return exhaustive;
    }
  }
}

/** One identity, as other modules name it. */
export type { MicButton, MicIdentity, MicModel };
