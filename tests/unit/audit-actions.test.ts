/**
 * Every action the server writes to the audit log has the console's words for it (src/shared/audit-actions.ts), and
 * every label names an action the server writes. The actions are read from the server's code: the `action` of each
 * `recordAudit(...)` call and the action of each `isReplay(...)` check, through the TypeScript parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditActionLabels, describeAudit } from '../../src/shared/audit-actions';

const serverDir = path.resolve(__dirname, '../../src/server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** The string values `node` can take: a literal, or either branch of a `? :` (its condition is not a value). */
function values(node: ts.Expression, where: string): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...values(node.whenTrue, where), ...values(node.whenFalse, where)];
  if (ts.isParenthesizedExpression(node)) return values(node.expression, where);
  throw new Error(`${where}: an audit action that is not a string literal (${node.getText()}); write it as one so it can be checked`);
}

/** Every audit action written or checked in the server's code, each with where it is. */
function actionsInCode(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(serverDir)) {
    const text = readFileSync(file, 'utf8');
    if (!/\b(recordAudit|isReplay)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const where = `${path.relative(serverDir, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        let action: ts.Expression | undefined;
        if (node.expression.text === 'recordAudit') {
          const entry = node.arguments[1];
          if (entry && ts.isObjectLiteralExpression(entry))
            action = entry.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'action')?.initializer;
          if (!action) throw new Error(`${where}: recordAudit without an object literal naming its action`);
        } else if (node.expression.text === 'isReplay') action = node.arguments[1];
        if (action) for (const value of values(action, where)) found.set(value, where);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('audit action labels', () => {
  const written = actionsInCode();

  it('reads the actions from the code (the suspension, the dispute decision and both outcomes of a message report among them)', () => {
    expect([...written.keys()]).toEqual(expect.arrayContaining(['user.suspend', 'dispute.resolve', 'message-report.suspend', 'message-report.dismiss']));
  });

  it('has words for every action the server writes, and no words for an action it never writes', () => {
    const missing = [...written].filter(([action]) => !(action in auditActionLabels)).map(([action, where]) => `${action} (${where})`);
    expect(missing, 'audit actions without a label in src/shared/audit-actions.ts').toEqual([]);
    expect(Object.keys(auditActionLabels).filter((action) => !written.has(action))).toEqual([]);
  });

  it('reads each row in the words of the product, with the particulars it keeps', () => {
    expect(describeAudit({ action: 'user.suspend', detail: { reason: 'Payment fraud' } })).toBe('suspended an account: “Payment fraud”');
    expect(describeAudit({ action: 'message-report.dismiss', detail: { reportId: 'r1' } })).toBe('dismissed a message report');
    expect(describeAudit({ action: 'user.messaging-lift', detail: { reason: 'Appeal accepted', suspendedAt: '2026-11-27T07:40:00.000Z' } })).toBe(
      "lifted an account's messaging suspension: “Appeal accepted”",
    );
    expect(describeAudit({ action: 'message-report.attachment', targetType: 'conversation', detail: { fileId: 'f1' } })).toBe(
      'downloaded an attachment of a reported conversation',
    );
    expect(describeAudit({ action: 'session.refund', detail: { refundCents: 4500, reason: 'Late start' } })).toBe('refunded a session of $45.00: “Late start”');
    expect(describeAudit({ action: 'inbox.handled', targetType: 'partner', detail: null })).toBe('marked an inbox item handled (partner enquiry)');
    expect(describeAudit({ action: 'dispute.resolve', detail: { decision: 'client', refundCents: 9000, note: 'No show' } })).toBe(
      'decided a dispute for the client, refunding $90.00: “No show”',
    );
    // A row written by a newer server than this page: its stored name rather than nothing.
    expect(auditActionLabel('workshop.cancel')).toBe('workshop.cancel');
  });
});
