import { AREA_ALERT_CONFIRMATION } from '@furrow/domain/area-alerts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notifications, renderWithProviders, stubFetch } from '../../test-utils';
import { AreaAlertForm } from './area-alert-form';

const nevada = { lat: 38.8026, lng: -116.4194, label: 'Middle of Nevada' };

function renderForm() {
  renderWithProviders(<AreaAlertForm near={nevada} />, '/', { toaster: true });
  return userEvent.setup();
}

describe('AreaAlertForm', () => {
  it('signs the address up for the place and shows the confirmation instead of the form', async () => {
    const fetchMock = stubFetch(Response.json({ message: AREA_ALERT_CONFIRMATION }));
    const user = renderForm();
    const form = screen.getByRole('form', { name: 'Tell me when farms near me join' });
    expect(form).toHaveTextContent('One e-mail when a farm opens within 50 km of Middle of Nevada');

    await user.type(
      within(form).getByRole('textbox', { name: 'Your e-mail' }),
      ' Ruth@Example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Tell me' }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent(AREA_ALERT_CONFIRMATION);
    expect(confirmation).toHaveTextContent(
      "We'll write to ruth@example.com about farms near Middle of Nevada.",
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/area-alerts');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ruth@example.com',
      lat: 38.8026,
      long: -116.4194,
    });
  });

  it('says what is wrong with an address before sending it', async () => {
    const fetchMock = stubFetch();
    const user = renderForm();
    const email = screen.getByRole('textbox', { name: 'Your e-mail' });
    await user.type(email, 'ruth@');
    await user.click(screen.getByRole('button', { name: 'Tell me' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a refusal from the server in a toast, and keeps the form to try again', async () => {
    stubFetch(
      Response.json(
        {
          code: 'RATE_LIMITED',
          message: 'Too many sign-ups for news of farms. Please try again in 12 minutes.',
        },
        { status: 429 },
      ),
    );
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'ruth@example.com');
    await user.click(screen.getByRole('button', { name: 'Tell me' }));
    expect(
      await (await notifications()).findByText(
        'Too many sign-ups for news of farms. Please try again in 12 minutes.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('form', { name: 'Tell me when farms near me join' })).toBeVisible();
  });
});
