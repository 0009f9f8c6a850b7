import type { Product } from '@furrow/domain/api/products';
import { productUnits } from '@furrow/domain/api/products';
import { categories } from '@furrow/domain/categories';
import { MAX_PRODUCT_IMAGES, thumbnailUrl } from '@furrow/domain/images';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { DialogFormFooter, FormDialog } from '../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { ImagePicker } from '../../components/ui/image-picker';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { messageOrFailedTo } from '../../lib/failure-message';
import { paths } from '../../lib/paths';
import { setServerFieldErrors } from '../../lib/server-field-errors';
import { useImageChoice } from '../../lib/upload';
import { useSaveProduct } from './farm-products-api';
import { HiddenBadge, hiddenReason } from './hidden-badge';
import {
  type ProductFormField,
  type ProductFormValues,
  productFormDefaults,
  productFormSchema,
  toProductBody,
  unitLabel,
} from './product-form';
import { VisibilityButton } from './product-visibility';

interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  farm: { id: string; name: string };
  /** The product to edit; absent to add one. */
  product?: Product;
}

const serverFields: Record<string, ProductFormField> = {
  name: 'name',
  description: 'description',
  price: 'price',
  unit: 'unit',
  categorySlug: 'categorySlug',
  stock: 'stock',
  availableFrom: 'availableFrom',
};

/** Refusals that a plan, not the form, can fix: no plan yet, or the plan's limits reached. */
const planRefusals = new Set(['PLAN_REQUIRED', 'PRODUCT_LIMIT', 'STORAGE_LIMIT']);

/** Add or edit a product: name, price per unit, category, stock, harvest date and photos. */
export function ProductFormDialog({ open, onOpenChange, farm, product }: ProductFormDialogProps) {
  const { toast } = useToast();
  const save = useSaveProduct();
  const { register, handleSubmit, formState, reset, setError } = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(product),
  });
  const errors = formState.errors;
  const photo = useImageChoice();
  const [removed, setRemoved] = useState<string[]>([]);
  // After a failed photo upload the product exists: later saves edit it instead of adding another.
  const [savedProduct, setSavedProduct] = useState<Product | undefined>(product);
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  const planRefusalRef = useRef<HTMLParagraphElement>(null);

  // On a phone the form is taller than the screen and the refusal sits below the fold, by the button.
  useEffect(() => {
    if (planRefusal) planRefusalRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [planRefusal]);

  useEffect(() => {
    if (!open) return;
    reset(productFormDefaults(product));
    photo.clear();
    setRemoved([]);
    setSavedProduct(product);
    setPlanRefusal(null);
  }, [open, product, reset, photo.clear]);

  const current = savedProduct ?? product;
  const kept = current?.images.filter((url) => !removed.includes(url)) ?? [];
  const roomForPhoto = kept.length < MAX_PRODUCT_IMAGES;

  const onSubmit = handleSubmit(async (values) => {
    photo.setProgress(photo.file ? 0 : null);
    setPlanRefusal(null);
    const body = toProductBody(values);
    try {
      const saved = await save.mutateAsync({
        farmId: farm.id,
        id: current?.id,
        body: current && removed.length > 0 ? { ...body, images: kept } : body,
        photo: roomForPhoto ? photo.file : null,
        onPhotoProgress: photo.setProgress,
      });
      if (saved.photoFailure) {
        photo.setProgress(null);
        setSavedProduct(saved.product);
        setRemoved([]);
        photo.setError(saved.photoFailure.message);
        toast({
          variant: 'destructive',
          title: 'Product saved, photo not uploaded',
          description: saved.photoFailure.message,
        });
        return;
      }
      toast({
        title: saved.created ? 'Product added' : 'Product saved',
        description: saved.created
          ? `${saved.product.name} is now listed at ${farm.name}.`
          : `Your changes to ${saved.product.name} are live.`,
      });
      onOpenChange(false);
    } catch (error) {
      photo.setProgress(null);
      if (error instanceof ApiError && planRefusals.has(error.code)) {
        setPlanRefusal(error.message);
        return;
      }
      setServerFieldErrors(error, serverFields, setError);
      toast({
        variant: 'destructive',
        title: 'The product was not saved',
        description: messageOrFailedTo(error, 'save the product'),
      });
    }
  });

  const busy = formState.isSubmitting;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={current ? `Edit ${current.name}` : 'Add a product'}
      description={
        current
          ? `Listed at ${farm.name}. Shoppers see changes at once.`
          : `Shoppers near ${farm.name} will see it as soon as you save.`
      }
    >
      <Form onSubmit={onSubmit} className="gap-6">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <TextAreaField
          label="Description"
          hint="Variety, taste, how it was grown."
          error={errors.description?.message}
          rows={3}
          {...register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Price (USD)"
            error={errors.price?.message}
            inputMode="decimal"
            placeholder="4.50"
            {...register('price')}
          />
          <SelectField label="Sold by" error={errors.unit?.message} {...register('unit')}>
            {productUnits.map((unit) => (
              <option key={unit} value={unit}>
                {unitLabel(unit)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="In stock"
            error={errors.stock?.message}
            inputMode="numeric"
            {...register('stock')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            error={errors.categorySlug?.message}
            {...register('categorySlug')}
          >
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Available from (optional)"
            hint="For produce not harvested yet."
            error={errors.availableFrom?.message}
            type="date"
            {...register('availableFrom')}
          />
        </div>

        {current && current.images.length > 0 && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium text-ink text-sm">Photos</legend>
            <ul className="flex flex-wrap gap-3">
              {current.images.map((url, index) => {
                const isRemoved = removed.includes(url);
                return (
                  <li key={url} className="grid justify-items-center gap-1">
                    <img
                      src={thumbnailUrl(url)}
                      alt={`${current.name}, ${index + 1} of ${current.images.length}`}
                      className={`size-20 rounded-lg border border-line object-cover ${isRemoved ? 'opacity-30' : ''}`}
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${isRemoved ? 'Keep' : 'Remove'} photo ${index + 1}`}
                      onClick={() =>
                        setRemoved((list) =>
                          isRemoved ? list.filter((item) => item !== url) : [...list, url],
                        )
                      }
                    >
                      {isRemoved ? (
                        <Undo2 aria-hidden className="size-4" />
                      ) : (
                        <Trash2 aria-hidden className="size-4" />
                      )}
                      {isRemoved ? 'Keep' : 'Remove'}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}

        {roomForPhoto ? (
          <ImagePicker
            label={current && current.images.length > 0 ? 'Another product photo' : 'Product photo'}
            hint="JPEG, PNG or WebP, at most 5 MB. Daylight photos sell best."
            file={photo.file}
            onFileChange={photo.choose}
            progress={photo.progress}
            error={photo.error}
            disabled={busy}
          />
        ) : (
          <p className="text-ink-muted text-sm">
            This product has {MAX_PRODUCT_IMAGES} photos, the most it can have. Remove one to add
            another.
          </p>
        )}

        {current && (
          <fieldset className="grid gap-2 rounded-lg border border-line p-4">
            <legend className="px-1 font-medium text-ink text-sm">In the shop</legend>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="grid gap-1 text-sm">
                {hiddenReason(current) ? (
                  <HiddenBadge product={current} />
                ) : (
                  <span className="text-ink">Shoppers see it and can order it.</span>
                )}
                <span className="text-ink-muted">
                  {current.hiddenByFarmer
                    ? 'Nobody can order it; past orders keep it.'
                    : current.hiddenByPlan
                      ? 'Upgrade your plan, or hide another product, to show it again.'
                      : 'Hide it to stop selling it for a while; nothing is lost.'}
                </span>
              </p>
              <VisibilityButton
                product={current}
                labelled
                disabled={busy}
                onChanged={setSavedProduct}
              />
            </div>
          </fieldset>
        )}

        {planRefusal && (
          <p
            ref={planRefusalRef}
            role="alert"
            className="rounded-lg bg-harvest-soft p-4 text-ink text-sm"
          >
            {planRefusal}{' '}
            <Link to={paths.farmerPlans} className="font-medium text-leaf-ink underline">
              See the plans
            </Link>
          </p>
        )}

        <DialogFormFooter busy={busy} onCancel={() => onOpenChange(false)}>
          {current ? 'Save product' : 'Add product'}
        </DialogFormFooter>
      </Form>
    </FormDialog>
  );
}
