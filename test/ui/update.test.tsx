/**
 * The new-version notice (UpdateNotice.tsx, updateSlice.ts): a waiting version is offered with
 * Reload, a version that replaced the page's own says to reload, the state only moves forward,
 * and Reload asks the page to reload (into the new version).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createSquigglyStore } from '../../src/store/store.ts';
import { StoreProvider } from '../../src/ui/StoreContext.tsx';
import { UpdateNotice } from '../../src/ui/UpdateNotice.tsx';
import { createChannelClient } from '../worker/channelClient.ts';

function renderNotice() {
  const reload = vi.fn();
  const store = createSquigglyStore({
    solver: createChannelClient(),
    storage: null,
    library: null,
    app: { reload },
  });
  render(
    <StoreProvider store={store}>
      <UpdateNotice />
    </StoreProvider>,
  );
  return { store, reload };
}

describe('the new-version notice', () => {
  it('shows nothing while the page is the version deployed', () => {
    renderNotice();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('offers a waiting version, and Reload asks the page to reload into it', async () => {
    const { store, reload } = renderNotice();
    act(() => store.getState().noteAppVersion('ready'));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Squiggly is ready.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says to reload once a new version replaced the page, and never goes back', () => {
    const { store } = renderNotice();
    act(() => store.getState().noteAppVersion('updated'));
    act(() => store.getState().noteAppVersion('ready'));
    act(() => store.getState().noteAppVersion('current'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Squiggly was updated — reload to continue.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
