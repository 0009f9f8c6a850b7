import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths';
import { renderWithProviders, stubJsonAnswers } from '../../test-utils';
import { ProductFormDialog } from './product-form-dialog';

const farm = { id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c', name: 'Green Acres' };

describe('ProductFormDialog', () => {
  it("shows a plan refusal in the form with the server's words and the way to the plans", async () => {
    const message =
      'Choose a plan to publish products. Every plan starts with a 14-day free trial.';
    stubJsonAnswers({ status: 402, body: { message, code: 'PLAN_REQUIRED' } });
    renderWithProviders(<ProductFormDialog open onOpenChange={() => {}} farm={farm} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Sugar snap peas');
    await user.type(screen.getByLabelText('Price (USD)'), '4.25');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      paths.farmerPlans,
    );
  });

  it('refuses a file that is not JPEG, PNG or WebP as soon as it is chosen, saying why, and never uploads it', async () => {
    const created = {
      message: 'Product created',
      product: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Sugar snap peas' },
    };
    const fetchMock = stubJsonAnswers({ status: 201, body: created });
    const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderWithProviders(<ProductFormDialog open onOpenChange={() => {}} farm={farm} />);
    // A user can still pick any file ("All files" in the system's dialog, or a drop): the
    // accept attribute only narrows what the dialog offers.
    const user = userEvent.setup({ applyAccept: false });
    const picker = screen.getByLabelText('Choose a photo (product photo)');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
    expect(picker.getAttribute('accept')?.split(',')).toEqual(
      expect.arrayContaining(['image/png', 'image/webp', '.jpg', '.png', '.webp']),
    );

    await user.upload(
      picker,
      new File(['%PDF-1.7'], 'price-list.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'price-list.pdf is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.',
    );
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img', { name: /Preview of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: "Don't use this photo" })).toBeNull();

    // A file the system gives no type goes by its name.
    await user.upload(picker, new File(['x'], 'IMG_0042.HEIC'));
    expect(screen.getByRole('alert')).toHaveTextContent('IMG_0042.HEIC is not a JPEG');

    // The product still saves, without the refused file.
    await user.type(screen.getByLabelText('Name'), 'Sugar snap peas');
    await user.type(screen.getByLabelText('Price (USD)'), '4.25');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(opened).not.toHaveBeenCalled();

    // A real photo is taken, and the reason goes away.
    await user.upload(picker, new File(['png'], 'peas.png', { type: 'image/png' }));
    expect(screen.queryByText(/is not a JPEG/)).toBeNull();
    expect(screen.getByText('peas.png')).toBeInTheDocument();
  });
});
