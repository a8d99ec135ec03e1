/**
 * The `constraints` field of Squiggly JSON: a list of variant constraints (the engine's
 * Constraint, src/engine/variants/constraints.ts), one object each, with cells written as
 * the app names them ("r1c1", case-insensitive) and rows and columns counted from 1:
 *   {"kind": "cage", "cells": ["r1c1", "r1c2"], "sum": 17}
 *   {"kind": "thermometer", "cells": ["r2c2", "r2c3", "r2c4"]}
 *   {"kind": "arrow", "circle": ["r5c5"], "shaft": ["r6c6", "r7c7"]}
 *   {"kind": "kropki", "cells": ["r1c1", "r1c2"], "colour": "black"}
 *   {"kind": "sandwich", "column": 3, "sum": 12}
 *   {"kind": "even", "cell": "r4c4"}     {"kind": "antiKnight"}
 * docs/formats.md lists every kind and its fields. Reading is strict: an unknown kind, a
 * missing or unknown field, or a shape the engine refuses (constraintProblems) is an error
 * at that value, and the puzzle is not read: a constraint is never dropped without a word.
 */
import {
  cellName,
  constraintProblems,
  CONSTRAINT_NAMES,
  type Constraint,
  type ConstraintKind,
} from '../engine/index.ts';
import { quote } from './errors.ts';
import { describeNode, type JsonEntry, type JsonNode } from './jsonSyntax.ts';
import type { JsonValue } from './types.ts';

const KINDS = Object.keys(CONSTRAINT_NAMES) as ConstraintKind[];

/** The fields each kind has besides "kind"; `?` marks an optional one. */
const FIELDS: Record<ConstraintKind, readonly string[]> = {
  cage: ['cells', 'sum?'],
  extraRegion: ['cells'],
  diagonal: ['direction'],
  antiKnight: [],
  antiKing: [],
  nonConsecutive: [],
  even: ['cell'],
  odd: ['cell'],
  thermometer: ['cells', 'slow?'],
  arrow: ['circle', 'shaft'],
  kropki: ['cells', 'colour'],
  xv: ['cells', 'sum'],
  greaterThan: ['cells'],
  littleKiller: ['cells', 'sum'],
  whisper: ['cells', 'difference?'],
  renban: ['cells'],
  palindrome: ['cells'],
  sandwich: ['row|column', 'sum'],
  allDotsGiven: [],
  allXvGiven: [],
};

type Report = (offset: number, message: string) => void;

/** "r3c4" (any case) to a cell index on `size`, or null. */
function cellOf(text: string, size: number): number | null {
  const match = /^r(\d+)c(\d+)$/i.exec(text);
  if (!match) return null;
  const row = Number(match[1]);
  const col = Number(match[2]);
  if (row < 1 || row > size || col < 1 || col > size) return null;
  return (row - 1) * size + (col - 1);
}

/**
 * Read the `constraints` field's value for a puzzle of `size`: the list, or null when any
 * of it is wrong (each error reported at its value, `what` naming the puzzle's field).
 */
export function readConstraints(node: JsonNode, size: number, report: Report): Constraint[] | null {
  if (node.kind !== 'array' && !(node.kind === 'numbers' && node.values.length === 0)) {
    report(
      node.offset,
      `"constraints" must be a list of constraint objects, got ${describeNode(node)}`,
    );
    return null;
  }
  const items = node.kind === 'array' ? node.items : [];
  const constraints: Constraint[] = [];
  let ok = true;
  items.forEach((item, index) => {
    const read = readOne(item, size, index + 1, report);
    if (read === null) ok = false;
    else constraints.push(read);
  });
  return ok ? constraints : null;
}

function readOne(node: JsonNode, size: number, number: number, report: Report): Constraint | null {
  const at = `constraint ${number}`;
  if (node.kind !== 'object') {
    report(node.offset, `${at}: expected an object with a "kind", got ${describeNode(node)}`);
    return null;
  }
  const fields = new Map<string, JsonEntry>();
  for (const entry of node.entries) {
    if (fields.has(entry.key)) {
      report(entry.keyOffset, `${at}: the field ${quote(entry.key)} appears twice`);
      return null;
    }
    fields.set(entry.key, entry);
  }
  const kindNode = fields.get('kind')?.value;
  if (kindNode === undefined || kindNode.kind !== 'string') {
    report(kindNode?.offset ?? node.offset, `${at}: it needs a "kind" (a string), such as "cage"`);
    return null;
  }
  const kind = KINDS.find((known) => known.toLowerCase() === kindNode.value.toLowerCase());
  if (kind === undefined) {
    report(
      kindNode.offset,
      `${at}: Squiggly does not know the constraint ${quote(kindNode.value)} (it knows ${KINDS.join(', ')}), so the puzzle is not read without it`,
    );
    return null;
  }
  const wanted = FIELDS[kind];
  const allowed = new Set([
    'kind',
    ...wanted.flatMap((field) => field.replace('?', '').split('|')),
  ]);
  for (const entry of node.entries) {
    if (!allowed.has(entry.key)) {
      report(
        entry.keyOffset,
        `${at} (${CONSTRAINT_NAMES[kind]}): unknown field ${quote(entry.key)}${wanted.length > 0 ? `; it takes ${wanted.map((f) => quote(f.replace('?', ''))).join(', ')}` : '; it takes none'}`,
      );
      return null;
    }
  }
  let failed = false;
  const fail = (offset: number, message: string): null => {
    if (!failed) report(offset, `${at} (${CONSTRAINT_NAMES[kind]}): ${message}`);
    failed = true;
    return null;
  };
  const field = (name: string, optional = false): JsonNode | null => {
    const value = fields.get(name)?.value ?? null;
    if (value === null && !optional) fail(node.offset, `it needs ${quote(name)}`);
    return value;
  };
  const cell = (value: JsonNode): number | null => {
    if (value.kind !== 'string')
      return fail(value.offset, `expected a cell such as "r1c1", got ${describeNode(value)}`);
    const index = cellOf(value.value, size);
    return index === null
      ? fail(value.offset, `${quote(value.value)} is not a cell of a ${size}x${size} grid`)
      : index;
  };
  const cells = (name: string): number[] | null => {
    const value = field(name);
    if (value === null) return null;
    if (value.kind !== 'array')
      return fail(
        value.offset,
        `${quote(name)} must be a list of cells, got ${describeNode(value)}`,
      );
    const read: number[] = [];
    for (const item of value.items) {
      const index = cell(item);
      if (index === null) return null;
      read.push(index);
    }
    return read;
  };
  const whole = (name: string, optional = false): number | undefined | null => {
    const value = field(name, optional);
    if (value === null) return optional ? undefined : null;
    if (value.kind !== 'number' || !Number.isInteger(value.value)) {
      return fail(
        value.offset,
        `${quote(name)} must be a whole number, got ${describeNode(value)}`,
      );
    }
    return value.value;
  };
  const oneOf = <T extends string>(name: string, options: readonly T[]): T | null => {
    const value = field(name);
    if (value === null) return null;
    const match = options.find((option) => value.kind === 'string' && value.value === option);
    return (
      match ??
      fail(
        value.offset,
        `${quote(name)} must be ${options.map(quote).join(' or ')}, got ${describeNode(value)}`,
      )
    );
  };
  const pair = (): [number, number] | null => {
    const read = cells('cells');
    if (read === null) return null;
    if (read.length !== 2)
      return fail(
        fields.get('cells')!.value.offset,
        `"cells" must be two cells, got ${read.length}`,
      );
    return [read[0], read[1]];
  };

  let constraint: Constraint | null = null;
  switch (kind) {
    case 'cage': {
      const read = cells('cells');
      const sum = whole('sum', true);
      if (read !== null && sum !== null) {
        constraint = sum === undefined ? { kind, cells: read } : { kind, cells: read, sum };
      }
      break;
    }
    case 'extraRegion':
    case 'renban':
    case 'palindrome': {
      const read = cells('cells');
      if (read !== null) constraint = { kind, cells: read };
      break;
    }
    case 'thermometer': {
      const read = cells('cells');
      const slow = field('slow', true);
      if (slow !== null && slow.kind !== 'boolean') {
        fail(slow.offset, `"slow" must be true or false, got ${describeNode(slow)}`);
      } else if (read !== null) {
        constraint =
          slow?.value === true ? { kind, cells: read, slow: true } : { kind, cells: read };
      }
      break;
    }
    case 'whisper': {
      const read = cells('cells');
      const difference = whole('difference', true);
      if (read !== null && difference !== null) {
        constraint =
          difference === undefined ? { kind, cells: read } : { kind, cells: read, difference };
      }
      break;
    }
    case 'littleKiller': {
      const read = cells('cells');
      const sum = whole('sum');
      if (read !== null && typeof sum === 'number') constraint = { kind, cells: read, sum };
      break;
    }
    case 'diagonal': {
      const direction = oneOf('direction', ['down', 'up'] as const);
      if (direction !== null) constraint = { kind, direction };
      break;
    }
    case 'even':
    case 'odd': {
      const value = field('cell');
      const index = value === null ? null : cell(value);
      if (index !== null) constraint = { kind, cell: index };
      break;
    }
    case 'arrow': {
      const circle = cells('circle');
      const shaft = circle === null ? null : cells('shaft');
      if (circle !== null && shaft !== null) constraint = { kind, circle, shaft };
      break;
    }
    case 'kropki': {
      const read = pair();
      const colour = read === null ? null : oneOf('colour', ['white', 'black'] as const);
      if (read !== null && colour !== null) constraint = { kind, cells: read, colour };
      break;
    }
    case 'xv': {
      const read = pair();
      const sum = read === null ? null : whole('sum');
      if (read !== null && typeof sum === 'number') {
        if (sum !== 5 && sum !== 10)
          fail(fields.get('sum')!.value.offset, `"sum" must be 10 (X) or 5 (V), got ${sum}`);
        else constraint = { kind, cells: read, sum };
      }
      break;
    }
    case 'greaterThan': {
      const read = pair();
      if (read !== null) constraint = { kind, cells: read };
      break;
    }
    case 'sandwich': {
      const line = fields.has('row') ? 'row' : fields.has('column') ? 'column' : null;
      if (line === null || (fields.has('row') && fields.has('column'))) {
        fail(node.offset, 'it needs "row" or "column" (one of them, counted from 1)');
        break;
      }
      const index = whole(line);
      const sum = typeof index === 'number' ? whole('sum') : null;
      if (typeof index === 'number' && typeof sum === 'number') {
        if (index < 1 || index > size)
          fail(
            fields.get(line)!.value.offset,
            `there is no ${line} ${index} on a ${size}x${size} grid`,
          );
        else constraint = { kind, line, index: index - 1, sum };
      }
      break;
    }
    case 'antiKnight':
    case 'antiKing':
    case 'nonConsecutive':
    case 'allDotsGiven':
    case 'allXvGiven':
      constraint = { kind };
      break;
  }
  if (constraint === null || failed) return null;
  const problems = constraintProblems(constraint, size);
  if (problems.length > 0) {
    report(node.offset, `${at}: ${problems[0]}`);
    return null;
  }
  return constraint;
}

const cellText = (cell: number, size: number): string => cellName(cell, size);

/** A constraint as the `constraints` field writes it (readConstraints reads it back). */
export function constraintJson(constraint: Constraint, size: number): JsonValue {
  const names = (cells: readonly number[]): string[] => cells.map((cell) => cellText(cell, size));
  switch (constraint.kind) {
    case 'cage':
      return constraint.sum === undefined
        ? { kind: 'cage', cells: names(constraint.cells) }
        : { kind: 'cage', cells: names(constraint.cells), sum: constraint.sum };
    case 'thermometer':
      return constraint.slow
        ? { kind: 'thermometer', cells: names(constraint.cells), slow: true }
        : { kind: 'thermometer', cells: names(constraint.cells) };
    case 'whisper':
      return constraint.difference === undefined
        ? { kind: 'whisper', cells: names(constraint.cells) }
        : { kind: 'whisper', cells: names(constraint.cells), difference: constraint.difference };
    case 'extraRegion':
    case 'renban':
    case 'palindrome':
    case 'greaterThan':
      return { kind: constraint.kind, cells: names(constraint.cells) };
    case 'littleKiller':
      return { kind: 'littleKiller', cells: names(constraint.cells), sum: constraint.sum };
    case 'kropki':
      return { kind: 'kropki', cells: names(constraint.cells), colour: constraint.colour };
    case 'xv':
      return { kind: 'xv', cells: names(constraint.cells), sum: constraint.sum };
    case 'arrow':
      return { kind: 'arrow', circle: names(constraint.circle), shaft: names(constraint.shaft) };
    case 'even':
    case 'odd':
      return { kind: constraint.kind, cell: cellText(constraint.cell, size) };
    case 'diagonal':
      return { kind: 'diagonal', direction: constraint.direction };
    case 'sandwich':
      return { kind: 'sandwich', [constraint.line]: constraint.index + 1, sum: constraint.sum };
    default:
      return { kind: constraint.kind };
  }
}
