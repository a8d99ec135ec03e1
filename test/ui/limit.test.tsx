/**
 * The solution limit field says why a value is refused or capped, in a message tied to the
 * field (aria-describedby) and to the Count button, and never rewrites what was typed.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseSize, renderApp } from './harness.tsx';

describe('the solution limit field', () => {
  it('explains each refusal and the cap, and Count follows it', async () => {
    const h = renderApp();
    const field = screen.getByRole('spinbutton', { name: 'Solution limit' });
    const count = screen.getByRole('button', { name: 'Count solutions' });
    expect(field).toHaveAccessibleDescription('Count solutions stops after this many.');
    expect(field).toHaveAttribute('aria-invalid', 'false');

    await h.user.clear(field);
    expect(field).toHaveAccessibleDescription('Enter a whole number from 2 to 1,000,000.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(count).toBeDisabled();
    expect(count).toHaveAccessibleDescription('Enter a whole number from 2 to 1,000,000.');

    await h.user.type(field, '1');
    expect(field).toHaveAccessibleDescription(
      'At least 2: a count that stops at 1 cannot tell one solution from several.',
    );
    expect(count).toBeDisabled();

    await h.user.clear(field);
    await h.user.type(field, '2.5');
    expect(field).toHaveAccessibleDescription(
      '"2.5" is not a whole number: enter one from 2 to 1,000,000.',
    );
    expect(count).toBeDisabled();

    // Too large: capped, said so, and the typed value stays as typed (even after leaving).
    await h.user.clear(field);
    await h.user.type(field, '5000000');
    await h.user.tab();
    expect(field).toHaveValue(5000000);
    expect(field).toHaveAccessibleDescription(
      'Capped at 1,000,000, the most one count goes to: Count stops there.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(count).toBeEnabled();
    expect(h.store.getState().countLimit).toBe(1_000_000);

    // A valid value is used as typed.
    await h.user.clear(field);
    await h.user.type(field, '50');
    expect(h.store.getState().countLimit).toBe(50);
    await chooseSize(h.user, 4);
    await h.user.click(count);
    expect(
      await screen.findByText(/^Multiple solutions: at least 50 \(counting stopped at the limit\)/),
    ).toBe(h.status());
  });

  it('a refused value leaves the last good limit in use', async () => {
    const h = renderApp();
    const field = screen.getByRole('spinbutton', { name: 'Solution limit' });
    await h.user.clear(field);
    await h.user.type(field, '20');
    await h.user.clear(field);
    await h.user.type(field, '0');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(h.store.getState().countLimit).toBe(20);
  });
});
