/**
 * The content forms' art upload: the picked png/jpg goes to the server as a data URL, `onUploaded`
 * gets its address and size, and the form's outcome line says the size (or the error).
 */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorContent } from '@lobby/contract';
import { opCall } from '../api';
import type { useOutcome } from '../ui';

export interface UploadedImage { url: string; width: number; height: number }

export function useImageUpload(out: ReturnType<typeof useOutcome>, onUploaded: (image: UploadedImage) => void) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const upload = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      setUploading(true);
      void out.run(async () => {
        try {
          const r = await opCall(operatorContent.uploadBannerImage, { body: { image: String(reader.result) } });
          onUploaded(r);
          return t('console.content.uploaded', { width: r.width, height: r.height });
        } finally {
          setUploading(false);
        }
      });
    };
    reader.readAsDataURL(file);
  };
  return { upload, uploading };
}
