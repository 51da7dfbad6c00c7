/**
 * What people call a listing's fields, by the field name the API uses: the Outbox screen's
 * conflict choices and sentences speak the editor's words ("Description", not "bio"). A
 * business listing's `bio` is its Bio, as on the business form; an event's is its Description.
 */
const labels: Readonly<Record<string, string>> = {
  title: 'Title',
  bio: 'Description',
  location_name: 'Where',
  street_address: 'Street address',
  postal_code: 'Postcode',
  locality: 'Town or city',
  country: 'Country',
  latitude: 'Map position',
  longitude: 'Map position',
  start_date: 'Start date',
  start_time: 'Start time',
  end_date: 'End date',
  end_time: 'End time',
  is_recurring: 'Every week',
  is_sponsored: 'Sponsored',
  event_type: 'Category',
  event_subtype: 'Subcategory',
  keywords: 'Keywords',
  schedule_blocks: 'Opening hours',
  recurring_start_time: 'Opening time',
  recurring_end_time: 'Closing time',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
  cover_image: 'Cover image',
  ticket_url: 'Ticket link',
  price: 'Price',
  currency: 'Currency',
  status: 'Status',
  status_note: 'Note for guests',
  sold_out: 'Sold out',
  publish_at: 'Publish at',
  skipped_dates: 'Skipped dates',
  time_zone: 'Time zone',
  venue_id: 'Venue',
  display_name: 'Display name',
  full_name: 'Full name',
  profile_image: 'Profile image',
  date_of_birth: 'Date of birth',
  gender: 'Gender',
};

export function fieldLabel(name: string, options: { listing?: boolean } = {}): string {
  if (name === 'bio' && options.listing) return 'Bio';
  return labels[name] ?? name.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}
