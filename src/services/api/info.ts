// GET /api/info: site name, description, features, protocol version (docs/behaviour.md#site-info, docs/protocol.md#site).
import { DEFAULT_PROTOCOL_VERSION } from '@/shared/firstPageConstants';
import type { ApiClient } from './client';
import { BadResponseError } from './errors';
import { isRecord, readString, readStringArray } from '@/rules/narrow';
import type { SiteInfo } from '@/shared/types';

function parseSiteInfo(value: unknown): SiteInfo | null {
  if (!isRecord(value)) return null;
  const version = value.protocolVersion;
  return {
    siteName: readString(value.siteName, ''),
    description: readString(value.description, ''),
    features: readStringArray(value.features),
    protocolVersion:
      typeof version === 'string' && version !== ''
        ? version
        : typeof version === 'number' && Number.isFinite(version)
          ? String(version)
          : DEFAULT_PROTOCOL_VERSION,
  };
}

export async function getSiteInfo(api: ApiClient): Promise<SiteInfo> {
  const info = parseSiteInfo(await api.get('/api/info'));
  if (!info) throw new BadResponseError();
  return info;
}
